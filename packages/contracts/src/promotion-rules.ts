/**
 * The rules a promotion may carry (DESIGN.md §8), in the order a player meets them, each with the kind
 * of value it holds. The kind says everything else: how the schema checks it (promotions.ts), the
 * input staff type it in and its default, and the line a player reads. No zod here: the player's
 * first page reads this table to word a rule's refusal.
 */
export const PROMOTION_RULES = {
  firstOrderOnly: { kind: 'flag' },
  /** "add a bank account to receive a promotion" unless staff say otherwise */
  requiresBankAccount: { kind: 'flag', default: true },
  maxCreditBeforeDeposit: { kind: 'THB' },
  depositAmount: { kind: 'LAK' },
  bonus: { kind: 'bonus' },
  targetCredit: { kind: 'THB' },
  turnoverMultiple: { kind: 'multiple' },
  withdrawAll: { kind: 'flag' },
  receivableCapPercent: { kind: 'percent' },
  deductBonusOnWithdraw: { kind: 'flag' },
} as const satisfies Record<string, { kind: PromotionRuleKind; default?: boolean }>;

/**
 * flag: on or off (a player's line only when on); LAK: whole kip; THB: baht with 2 decimals; multiple:
 * a number above 0 up to 1000; percent: a decimal string up to 9999.99; bonus: FIXED or PERCENT (its own shape).
 */
export type PromotionRuleKind = 'flag' | 'LAK' | 'THB' | 'multiple' | 'percent' | 'bonus';
export type PromotionRuleName = keyof typeof PROMOTION_RULES;
export const PROMOTION_RULE_NAMES = Object.keys(PROMOTION_RULES) as PromotionRuleName[];
/** The kind of a rule: `RuleKindOf<'depositAmount'>` is 'LAK'. */
export type RuleKindOf<N extends PromotionRuleName> = (typeof PROMOTION_RULES)[N]['kind'];

/** A flag's value when a promotion does not say it (false but where the table says otherwise). */
export const flagDefault = (name: PromotionRuleName): boolean => {
  const rule: { kind: PromotionRuleKind; default?: boolean } = PROMOTION_RULES[name];
  return rule.default ?? false;
};
