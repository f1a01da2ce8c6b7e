import { z } from 'zod';
import { amountSchema } from './money.js';
import { providerIdSchema } from './common.js';

/**
 * Promotions (SPEC.md §4, DESIGN.md §8): the home the promotions engine (issue #16) fills. What is
 * here is what others already depend on: the statuses of a usage and the names of the rules.
 */

/** ACTIVE: taken, no deposit yet; USED: its deposit was paid ("in use"); SUCCESS, CANCELED, INACTIVE: over. */
export const PROMOTION_USAGE_STATUSES = ['ACTIVE', 'INACTIVE', 'SUCCESS', 'CANCELED', 'USED'] as const;
export const promotionUsageStatusSchema = z.enum(PROMOTION_USAGE_STATUSES);
export type PromotionUsageStatus = z.infer<typeof promotionUsageStatusSchema>;

/** The rules a promotion may carry, named as in DESIGN.md §8. */
export const PROMOTION_RULE_NAMES = [
  'firstOrderOnly',
  'requiresBankAccount',
  'depositAmount',
  'bonus',
  'maxCreditBeforeDeposit',
  'targetCredit',
  'turnoverMultiple',
  'withdrawAll',
  'receivableCapPercent',
  'deductBonusOnWithdraw',
] as const;
export type PromotionRuleName = (typeof PROMOTION_RULE_NAMES)[number];

const percentSchema = z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'percent.invalid');

/** A FIXED bonus in THB, or a PERCENT of the deposit's credit up to a maximum (THB). */
export const promotionBonusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('FIXED'), amount: amountSchema('THB') }),
  z.object({ kind: z.literal('PERCENT'), percent: percentSchema, maxAmount: amountSchema('THB') }),
]);
export type PromotionBonus = z.infer<typeof promotionBonusSchema>;

/** Amounts as decimal strings: LAK whole kip for the deposit, THB for credit. An absent rule does not apply. */
export const promotionRulesSchema = z.object({
  firstOrderOnly: z.boolean().optional(),
  /** default true: "add a bank account to receive a promotion" */
  requiresBankAccount: z.boolean().default(true),
  depositAmount: amountSchema('LAK').optional(),
  bonus: promotionBonusSchema.optional(),
  maxCreditBeforeDeposit: amountSchema('THB').optional(),
  targetCredit: amountSchema('THB').optional(),
  turnoverMultiple: z.number().positive().max(1000).optional(),
  withdrawAll: z.boolean().optional(),
  receivableCapPercent: percentSchema.optional(),
  deductBonusOnWithdraw: z.boolean().optional(),
} satisfies Record<PromotionRuleName, z.ZodType>);
export type PromotionRules = z.infer<typeof promotionRulesSchema>;

export const promotionSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  providers: z.array(providerIdSchema),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  rules: promotionRulesSchema,
});
export type Promotion = z.infer<typeof promotionSchema>;

/** A player's take of a promotion at one provider. */
export const promotionUsageSchema = z.object({
  id: z.uuid(),
  promotionId: z.uuid(),
  providerId: providerIdSchema,
  status: promotionUsageStatusSchema,
  createdAt: z.string(),
});
export type PromotionUsage = z.infer<typeof promotionUsageSchema>;
