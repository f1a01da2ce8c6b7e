import { sql } from 'drizzle-orm';
import { convert, findRate, fromMinor, toMinor, type CreateDepositBody } from '@app/contracts';
import { currencies, depositOrders } from '../../db/schema/index.js';
import { queryRows, tableRows } from '../../db/client.js';
import { bankConfigOf, bankConfigSql, type BankConfig } from '../../payments/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import {
  amountMustEqualPromotion,
  amountOutOfRange,
  bankNotAvailable,
  noLakCurrency,
  promotionAtProvider,
  promotionCreditUsed,
} from './deposits.errors.js';
import type { MaintenanceRead } from '../provider-maintenance/index.js';
import type { DepositsServiceDependencies } from './deposits.types.js';

export interface PricedDeposit {
  amountLak: bigint;
  /** THB minor units */
  creditThb: bigint;
  sellRate: string;
  bankConfig: BankConfig;
}

/** What a new deposit reads before its checks, in one statement (`readForDeposit`). */
export interface DepositReads {
  /** the player has an OPEN order */
  openOrder: boolean;
  maintenance: MaintenanceRead;
  /** the agency's rates */
  rates: (typeof currencies.$inferSelect)[];
  bankConfig: Parameters<typeof bankConfigOf>[1];
}

/**
 * The player's open order, the provider's maintenance, the agency's rates and its configuration for
 * the bank, in one round trip (one row, the rates' columns null when the agency has none).
 */
export async function readForDeposit(
  { db, providerMaintenance }: Pick<DepositsServiceDependencies, 'db' | 'providerMaintenance'>,
  agency: AgencyContext,
  session: PlayerSession,
  body: CreateDepositBody,
): Promise<DepositReads> {
  const rows = await queryRows<Record<string, unknown> & Omit<DepositReads, 'rates'> & { open_order: boolean; bank_config: unknown }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${depositOrders} o
                        WHERE o.agency_id = ${session.agencyId} AND o.player_id = ${session.playerId} AND o.status = 'OPEN') AS open_order,
               ${providerMaintenance.inForceSql(agency.id, body.providerId)} AS maintenance,
               ${bankConfigSql(agency.id, body.bank)} AS bank_config, c.*
          FROM (SELECT 1) one LEFT JOIN ${currencies} c ON c.agency_id = ${agency.id}`,
  );
  const first = rows[0]!;
  return {
    openOrder: first.open_order,
    maintenance: first.maintenance,
    rates: tableRows(
      currencies,
      rows.filter((r) => r.id !== null),
    ),
    bankConfig: first.bank_config as DepositReads['bankConfig'],
  };
}

/**
 * The checks of SPEC.md §5 for a new deposit, in the order a player would fix them: currency/MID,
 * amount bounds (DESIGN.md §2), bank, then the promotion rules. Prices the credit at today's sell
 * rate (DEPOSIT divides by it, rounded down: the house's favour, DESIGN.md §3).
 */
export async function priceDeposit(
  { wallet, promotions }: Pick<DepositsServiceDependencies, 'wallet' | 'promotions'>,
  agency: AgencyContext,
  session: PlayerSession,
  body: CreateDepositBody,
  read: Pick<DepositReads, 'rates' | 'bankConfig'>,
): Promise<PricedDeposit> {
  const rate = findRate(read.rates, { mid: body.mid });
  // LAO QR carries kip only: a MID of another currency cannot take this payment
  if (!rate || rate.currency !== 'LAK') throw noLakCurrency(body.mid);

  const amountLak = toMinor(body.amount, 'LAK');
  const min = toMinor(agency.settings.depositMinLak, 'LAK');
  const max = toMinor(agency.settings.depositMaxLak, 'LAK');
  const creditThb = convert('DEPOSIT', amountLak, rate);
  if (amountLak < min || amountLak > max || creditThb <= 0n) throw amountOutOfRange(min, max);

  const bankConfig = bankConfigOf(body.bank, read.bankConfig);
  if (!bankConfig) throw bankNotAvailable(body.bank);

  // DESIGN.md §8: a promotion taken (ACTIVE) is deposited with at its provider, for its set amount;
  // one in use (USED) there allows a deposit only while the credit is below the threshold
  const promotion = await promotions.inUse({ agencyId: agency.id, playerId: session.playerId });
  if (promotion?.status === 'ACTIVE' && promotion.providerId !== body.providerId) throw promotionAtProvider(promotion.providerId);
  if (promotion?.providerId === body.providerId) {
    const { rules } = promotion;
    const setAmount = rules.depositAmount !== undefined ? toMinor(rules.depositAmount, 'LAK') : null;
    if (promotion.status === 'ACTIVE' && setAmount !== null && setAmount !== amountLak) throw amountMustEqualPromotion(setAmount);
    const threshold = toMinor(rules.maxCreditBeforeDeposit ?? agency.settings.depositCreditThresholdThb, 'THB');
    if (promotion.status === 'USED' || rules.maxCreditBeforeDeposit !== undefined) {
      const credit = await wallet.creditMinorAt(session, body.providerId);
      if (credit >= threshold) throw promotionCreditUsed(fromMinor(threshold, 'THB'));
    }
  }
  return { amountLak, creditThb, sellRate: rate.sellRate, bankConfig };
}
