import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { convert, findRate, toMinor, type CreateDepositBody } from '@app/contracts';
import { currencies } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import { bankConfigFor, type BankConfig } from '../../payments/index.js';
import { creditMinorAt } from '../wallet/credits.service.js';
import { promotionInUse } from './promotion-in-use.js';

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
  app: FastifyInstance,
  agency: AgencyContext,
  session: PlayerSession,
  body: CreateDepositBody,
): Promise<PricedDeposit> {
  const rows = await app.db.select().from(currencies).where(eq(currencies.agencyId, agency.id));
  const rate = findRate(rows, { mid: body.mid });
  // LAO QR carries kip only: a MID of another currency cannot take this payment
  if (!rate || rate.currency !== 'LAK')
    throw new AppError('CURRENCY_NOT_FOUND', `no LAK currency with mid ${body.mid}`, { mid: 'deposit.mid_invalid' });

  const amountLak = toMinor(body.amount, 'LAK');
  const min = toMinor(agency.settings.depositMinLak, 'LAK');
  const max = toMinor(agency.settings.depositMaxLak, 'LAK');
  const creditThb = convert('DEPOSIT', amountLak, rate);
  if (amountLak < min || amountLak > max || creditThb <= 0n) {
    throw new AppError('DEPOSIT_AMOUNT_OUT_OF_RANGE', `the amount must be between ${min} and ${max} LAK`, {
      amount: 'deposit.amount_out_of_range',
    });
  }

  const bankConfig = await bankConfigFor(app.db, agency.id, body.bank);
  if (!bankConfig)
    throw new AppError('DEPOSIT_BANK_NOT_AVAILABLE', `deposits from ${body.bank} are not available`, { bank: 'deposit.bank_unavailable' });

  const promotion = await promotionInUse(app.db, { agencyId: agency.id, playerId: session.playerId, providerId: body.providerId });
  if (promotion) {
    if (promotion.depositAmountLak !== null && promotion.depositAmountLak !== amountLak) {
      throw new AppError('DEPOSIT_AMOUNT_MUST_EQUAL_PROMOTION', `the promotion takes a deposit of ${promotion.depositAmountLak} LAK`, {
        amount: 'deposit.amount_must_equal_promotion',
      });
    }
    // DESIGN.md §2: with a promotion in use, a deposit only while credit is below the threshold
    const credit = await creditMinorAt(app, session, body.providerId);
    if (credit >= toMinor(agency.settings.depositCreditThresholdThb, 'THB')) {
      throw new AppError(
        'PROMOTION_CREDIT_USED',
        `a promotion is in use: deposit when credit is below ${agency.settings.depositCreditThresholdThb} THB`,
      );
    }
  }
  return { amountLak, creditThb, sellRate: rate.sellRate, bankConfig };
}
