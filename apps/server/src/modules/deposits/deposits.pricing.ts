import { eq } from 'drizzle-orm';
import { convert, findRate, fromMinor, toMinor, type CreateDepositBody } from '@app/contracts';
import { currencies } from '../../db/schema/index.js';
import { bankConfigFor, type BankConfig } from '../../payments/index.js';
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
import type { DepositsServiceDependencies } from './deposits.types.js';

export interface PricedDeposit {
  amountLak: bigint;
  /** THB minor units */
  creditThb: bigint;
  sellRate: string;
  bankConfig: BankConfig;
}

/**
 * The checks of SPEC.md §5 for a new deposit, in the order a player would fix them: currency/MID,
 * amount bounds (DESIGN.md §2), bank, then the promotion rules. Prices the credit at today's sell
 * rate (DEPOSIT divides by it, rounded down: the house's favour, DESIGN.md §3).
 */
export async function priceDeposit(
  { db, wallet, promotions }: Pick<DepositsServiceDependencies, 'db' | 'wallet' | 'promotions'>,
  agency: AgencyContext,
  session: PlayerSession,
  body: CreateDepositBody,
): Promise<PricedDeposit> {
  const rows = await db.select().from(currencies).where(eq(currencies.agencyId, agency.id));
  const rate = findRate(rows, { mid: body.mid });
  // LAO QR carries kip only: a MID of another currency cannot take this payment
  if (!rate || rate.currency !== 'LAK') throw noLakCurrency(body.mid);

  const amountLak = toMinor(body.amount, 'LAK');
  const min = toMinor(agency.settings.depositMinLak, 'LAK');
  const max = toMinor(agency.settings.depositMaxLak, 'LAK');
  const creditThb = convert('DEPOSIT', amountLak, rate);
  if (amountLak < min || amountLak > max || creditThb <= 0n) throw amountOutOfRange(min, max);

  const bankConfig = await bankConfigFor(db, agency.id, body.bank);
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
