import { convert, type CurrencyRate } from './convert.js';
import { toMinor } from './amounts.js';
import type { PromotionBonus, PromotionRules } from './promotions.js';

/**
 * The money of a promotion (DESIGN.md §8), on THB minor units, exact; one implementation for the
 * server and the withdraw page's preview. Rounding is in the house's favour (DESIGN.md §3): a
 * percent bonus and a receivable cap round down, a turnover requirement rounds up.
 */

/** A percent string ("12.5") as hundredths of a percent (1250). */
export function percentToBasisPoints(percent: string): bigint {
  const [whole, frac = ''] = percent.split('.') as [string, string?];
  return BigInt(whole) * 100n + BigInt((frac ?? '').padEnd(2, '0').slice(0, 2) || '0');
}

/** The bonus a deposit of this credit earns: FIXED as it is, PERCENT of the credit rounded down and capped. */
export function bonusFor(bonus: PromotionBonus | undefined, depositCredit: bigint): bigint {
  if (!bonus || depositCredit <= 0n) return 0n;
  if (bonus.kind === 'FIXED') return toMinor(bonus.amount, 'THB');
  const raw = (depositCredit * percentToBasisPoints(bonus.percent)) / 10_000n;
  const max = toMinor(bonus.maxAmount, 'THB');
  return raw < max ? raw : max;
}

/** Bets needed before a withdrawal: multiple × (deposit credit + bonus), rounded up to the satang; null without the rule. */
export function turnoverRequired(rules: Pick<PromotionRules, 'turnoverMultiple'>, depositCredit: bigint, bonus: bigint): bigint | null {
  if (rules.turnoverMultiple === undefined) return null;
  // the multiple as hundredths (at most two decimals are meaningful)
  const hundredths = BigInt(Math.round(rules.turnoverMultiple * 100));
  return ((depositCredit + bonus) * hundredths + 99n) / 100n;
}

/** The usage a withdrawal is made under: what its deposit brought. */
export interface UsageMoney {
  depositCredit: bigint;
  bonus: bigint;
}

/** The display fields of a withdrawal (SPEC.md §3): THB minor units, and the kip paid. */
export interface WithdrawalSplit {
  totalCredit: bigint;
  promoCredit: bigint;
  creditReceived: bigint;
  creditReturned: bigint;
  /** whole kip: credit received × buy rate, rounded down */
  amountReceived: bigint;
}

/**
 * How the credit a withdrawal takes from the provider splits (DESIGN.md §8): *promo credit* = the
 * bonus when `deductBonusOnWithdraw` (never more than the total), else 0; *credit received* =
 * min(total − promo credit, cap) where cap = `receivableCapPercent` × the deposit's credit; *credit
 * returned* = the rest; *amount received* = credit received × buy rate in kip. Without a usage the
 * whole total is received. total = received + returned + promo, each ≥ 0.
 */
export function withdrawalSplit(
  totalCredit: bigint,
  usage: { rules: PromotionRules; money: UsageMoney } | null,
  rate: Pick<CurrencyRate, 'currency' | 'buyRate' | 'sellRate'> | null | undefined,
): WithdrawalSplit {
  let promoCredit = 0n;
  let creditReceived = totalCredit;
  if (usage) {
    const { rules, money } = usage;
    if (rules.deductBonusOnWithdraw) promoCredit = money.bonus < totalCredit ? money.bonus : totalCredit;
    creditReceived = totalCredit - promoCredit;
    if (rules.receivableCapPercent !== undefined) {
      const cap = (money.depositCredit * percentToBasisPoints(rules.receivableCapPercent)) / 10_000n;
      if (cap < creditReceived) creditReceived = cap;
    }
  }
  return {
    totalCredit,
    promoCredit,
    creditReceived,
    creditReturned: totalCredit - promoCredit - creditReceived,
    amountReceived: convert('WITHDRAW', creditReceived, rate),
  };
}

/** Why a withdrawal may not go ahead under a promotion in use, or null. */
export type WithdrawalRuleRefusal = 'WITHDRAW_BELOW_PROMOTION_TARGET' | 'WITHDRAW_MUST_WITHDRAW_ALL' | 'WITHDRAW_TURNOVER_NOT_MET';

/**
 * The withdrawal rules of DESIGN.md §8, in the order a player fixes them: the credit must reach
 * `targetCredit`, the bets since the bonus must reach the turnover required, and with `withdrawAll`
 * the amount must be the whole credit.
 */
export function withdrawalRefusal(
  rules: PromotionRules,
  input: { amount: bigint; credit: bigint; turnover: bigint | null; turnoverRequired: bigint | null },
): WithdrawalRuleRefusal | null {
  if (rules.targetCredit !== undefined && input.credit < toMinor(rules.targetCredit, 'THB')) return 'WITHDRAW_BELOW_PROMOTION_TARGET';
  if (input.turnoverRequired !== null && (input.turnover ?? 0n) < input.turnoverRequired) return 'WITHDRAW_TURNOVER_NOT_MET';
  if (rules.withdrawAll && input.amount !== input.credit) return 'WITHDRAW_MUST_WITHDRAW_ALL';
  return null;
}
