import type { ErrorCode } from '@app/contracts';

/** What the withdrawal rules see: the amount asked and the player's live credit there (THB minor). */
export interface WithdrawalRuleInput {
  agencyId: string;
  playerId: string;
  providerId: string;
  amount: bigint;
  credit: bigint;
}

/**
 * How the credit taken from the provider splits (SPEC.md §5, DESIGN.md §8): `totalCredit` leaves
 * the provider; `creditReceived` is paid out in kip; `creditReturned` goes back to the provider at
 * approval (a receivable cap's excess); `promoCredit` is the bonus deducted, back to the promotion
 * expense at approval. totalCredit = creditReceived + creditReturned + promoCredit.
 */
export interface WithdrawalPlan {
  totalCredit: bigint;
  creditReceived: bigint;
  creditReturned: bigint;
  promoCredit: bigint;
}

export type WithdrawalRuleResult = { ok: true; plan: WithdrawalPlan } | { ok: false; code: ErrorCode };

/**
 * The promotion rules of a withdrawal: target credit (WITHDRAW_BELOW_PROMOTION_TARGET), withdraw all
 * (WITHDRAW_MUST_WITHDRAW_ALL), receivable cap with the excess returned, bonus deducted.
 * There are no promotions yet, so this answers "no promotion in use": the whole amount is paid out.
 * The promotions issue replaces this function (reading the player's USED usage); the withdrawal
 * service already books every part of the plan (docs/decisions/012-withdrawals-and-staff.md).
 */
export async function withdrawalPromotionRules(input: WithdrawalRuleInput): Promise<WithdrawalRuleResult> {
  return { ok: true, plan: { totalCredit: input.amount, creditReceived: input.amount, creditReturned: 0n, promoCredit: 0n } };
}
