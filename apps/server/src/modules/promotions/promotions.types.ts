import type { ErrorCode } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { ServiceDependencies } from '../service-dependencies.js';

export type PromotionsServiceDependencies = Pick<ServiceDependencies, 'db' | 'log'>;

/** Whose promotion: a player at one provider of an agency. */
export interface PromotionHolder {
  agencyId: string;
  playerId: string;
  providerId: string;
}

/** What the deposit rules of SPEC.md §5 need to know about a promotion the player is using. */
export interface PromotionInUse {
  usageId: string;
  /** the promotion's set deposit amount (whole kip), when it has one */
  depositAmountLak: bigint | null;
}

/** What the withdrawal rules see: the amount asked and the player's live credit there (THB minor). */
export interface WithdrawalRuleInput extends PromotionHolder {
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

/** Promotions as the deposits and withdrawals see them (DESIGN.md §8). */
export interface PromotionsService {
  /** the player's promotion in use there (usage status USED), or null; in the caller's transaction when given */
  inUse(holder: PromotionHolder, db?: Db | Tx): Promise<PromotionInUse | null>;
  /**
   * The promotion rules of a withdrawal: target credit (WITHDRAW_BELOW_PROMOTION_TARGET), withdraw
   * all (WITHDRAW_MUST_WITHDRAW_ALL), receivable cap with the excess returned, bonus deducted.
   */
  withdrawalRules(input: WithdrawalRuleInput): Promise<WithdrawalRuleResult>;
}
