import { z } from 'zod';
import { amountSchema } from './money.js';
import { pageResponseSchema, providerIdSchema } from './common.js';
import { keysetResponseSchema } from './keyset.js';
import type { Language } from './languages.js';
import { PROMOTION_RULES, PROMOTION_RULE_NAMES, type PromotionRuleKind, type PromotionRuleName } from './promotion-rules.js';

export { PROMOTION_RULES, PROMOTION_RULE_NAMES, type PromotionRuleKind, type PromotionRuleName } from './promotion-rules.js';

/**
 * Promotions (SPEC.md §4, DESIGN.md §8, docs/decisions/045-promotions-engine.md): the promotion with
 * its rules named as DESIGN.md §8 names them, a player's usage of it, and every promotion call of players and staff.
 * The split of a withdrawal under a promotion is ./promotion-split.ts; the messages ./promotion-messages.ts.
 */

/** ACTIVE: taken, no deposit yet; USED: its deposit was paid ("in use"); SUCCESS, CANCELED, INACTIVE: over. */
export const PROMOTION_USAGE_STATUSES = ['ACTIVE', 'INACTIVE', 'SUCCESS', 'CANCELED', 'USED'] as const;
export const promotionUsageStatusSchema = z.enum(PROMOTION_USAGE_STATUSES);
export type PromotionUsageStatus = z.infer<typeof promotionUsageStatusSchema>;
/** The statuses that hold a player's one promotion at a time (a partial unique index in the database). */
export const PROMOTION_USAGE_HELD = ['ACTIVE', 'USED'] as const satisfies readonly PromotionUsageStatus[];

/** A percentage as a decimal string, up to 9999.99 (a receivable cap of 500 % is common). */
export const percentSchema = z.string().regex(/^\d{1,4}(\.\d{1,2})?$/, 'percent.invalid');

/** A FIXED bonus in THB, or a PERCENT of the deposit's credit up to a maximum (THB). */
export const promotionBonusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('FIXED'), amount: amountSchema('THB') }),
  z.object({ kind: z.literal('PERCENT'), percent: percentSchema, maxAmount: amountSchema('THB') }),
]);
export type PromotionBonus = z.infer<typeof promotionBonusSchema>;

/** What each kind of rule accepts (promotion-rules.ts): amounts as decimal strings, LAK whole kip for the deposit, THB for credit. */
const RULE_KIND_SCHEMAS = {
  flag: z.boolean(),
  LAK: amountSchema('LAK'),
  THB: amountSchema('THB'),
  multiple: z.number().positive().max(1000),
  percent: percentSchema,
  bonus: promotionBonusSchema,
} satisfies Record<PromotionRuleKind, z.ZodType>;
type RuleSchema<N extends PromotionRuleName> = (typeof PROMOTION_RULES)[N] extends { default: boolean }
  ? z.ZodDefault<(typeof RULE_KIND_SCHEMAS)[(typeof PROMOTION_RULES)[N]['kind']]>
  : z.ZodOptional<(typeof RULE_KIND_SCHEMAS)[(typeof PROMOTION_RULES)[N]['kind']]>;

/** One field per rule of PROMOTION_RULES, by its kind; an absent rule does not apply, a flag with a default takes it. */
export const promotionRulesSchema = z.object(
  Object.fromEntries(
    PROMOTION_RULE_NAMES.map((name) => {
      const rule: { kind: PromotionRuleKind; default?: boolean } = PROMOTION_RULES[name];
      const schema: z.ZodType = RULE_KIND_SCHEMAS[rule.kind];
      return [name, rule.default === undefined ? schema.optional() : schema.default(rule.default)];
    }),
  ) as { [N in PromotionRuleName]: RuleSchema<N> },
);
export type PromotionRules = z.infer<typeof promotionRulesSchema>;

/** What a promotion says in one language. */
export const promotionTextSchema = z.object({
  name: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(500).default(''),
  terms: z.string().trim().max(5000).default(''),
});
export type PromotionText = z.infer<typeof promotionTextSchema>;
/** Lao is required (the default language); another language missing falls back to Lao. */
export const promotionTextsSchema = z.object({
  lo: promotionTextSchema,
  cn: promotionTextSchema.optional(),
  vn: promotionTextSchema.optional(),
  th: promotionTextSchema.optional(),
} satisfies Record<Language, z.ZodType>);
export type PromotionTexts = z.infer<typeof promotionTextsSchema>;

/** A promotion as a player sees it: in the player's language. */
export const promotionSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  summary: z.string(),
  terms: z.string(),
  /** the image's URL (with its content hash), or null */
  imageUrl: z.string().nullable(),
  providers: z.array(providerIdSchema),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  rules: promotionRulesSchema,
});
export type Promotion = z.infer<typeof promotionSchema>;

/** A player's take of a promotion at one provider. Amounts THB. */
export const promotionUsageSchema = z.object({
  id: z.uuid(),
  promotionId: z.uuid(),
  promotionName: z.string(),
  providerId: providerIdSchema,
  status: promotionUsageStatusSchema,
  /** the credit of the deposit made with it and the bonus credited with it; null before the deposit is paid */
  depositCredit: z.string().nullable(),
  bonus: z.string().nullable(),
  /** bets needed before a withdrawal (turnoverMultiple × (deposit credit + bonus)), null without that rule or before the deposit */
  turnoverRequired: z.string().nullable(),
  /** bets counted at the last look at the provider (recheck, a withdrawal) */
  turnover: z.string().nullable(),
  /** the bonus taken back by a cancel */
  clawedBack: z.string().nullable(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  /** ACTIVE only: when it turns INACTIVE without a deposit */
  expiresAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type PromotionUsage = z.infer<typeof promotionUsageSchema>;

// --- player calls (SPEC.md §7) ---
export const promotionsResponseSchema = z.object({ promotions: z.array(promotionSchema) });
export type PromotionsResponse = z.infer<typeof promotionsResponseSchema>;
export const promotionResponseSchema = z.object({ promotion: promotionSchema });
export const promotionParamsSchema = z.object({ id: z.uuid() });

export const usePromotionBodySchema = z.object({
  promotionId: z.uuid({ error: 'promotion.validation.promotion_required' }),
  providerId: providerIdSchema,
});
export type UsePromotionBody = z.infer<typeof usePromotionBodySchema>;
export const promotionUsageResponseSchema = z.object({ usage: promotionUsageSchema });
export type PromotionUsageResponse = z.infer<typeof promotionUsageResponseSchema>;

/** GET /v2/players/promotions/using: the usage ACTIVE or USED with its promotion, or nulls. */
export const promotionUsingResponseSchema = z.object({
  usage: promotionUsageSchema.nullable(),
  promotion: promotionSchema.nullable(),
});
export type PromotionUsingResponse = z.infer<typeof promotionUsingResponseSchema>;

export const cancelPromotionUsageBodySchema = z.object({ usageId: z.uuid() });
export type CancelPromotionUsageBody = z.infer<typeof cancelPromotionUsageBodySchema>;

export const promotionUsagePageSchema = pageResponseSchema(promotionUsageSchema);
export type PromotionUsagePage = z.infer<typeof promotionUsagePageSchema>;

/** GET /v2/promotions/check-blocking: whether the player may take a promotion now, and why not */
export const promotionCheckBlockingResponseSchema = z.object({
  isBlocked: z.boolean(),
  /** the first reason a `use` would be refused now, whatever the promotion: a cooling-off or exclusion, blocked, a bonus ring, no bank account, one in use, an open deposit */
  reason: z
    .enum([
      'SELF_EXCLUDED',
      'PROMOTION_PLAYER_BLOCKED',
      'PROMOTION_BONUS_RING',
      'PROMOTION_NEEDS_BANK_ACCOUNT',
      'PROMOTION_ONE_AT_A_TIME',
      'OPEN_ORDER',
    ])
    .nullable(),
});
export type PromotionCheckBlockingResponse = z.infer<typeof promotionCheckBlockingResponseSchema>;

// --- staff calls (DESIGN.md §9) ---
const isoDate = z.iso.datetime({ offset: true });
/** A count of uses: a whole number the database's integer column holds (a billion is beyond any agency's need). */
export const MAX_PROMOTION_USES = 1_000_000_000;
const useCount = z.number().int().positive().max(MAX_PROMOTION_USES).nullable().default(null);

export const promotionInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_-]{2,40}$/, 'promotion.validation.code'),
  texts: promotionTextsSchema,
  providers: z.array(providerIdSchema).min(1).max(5),
  startsAt: isoDate,
  endsAt: isoDate.nullable().default(null),
  /** uses in all, and per player; null: no limit */
  maxUses: useCount,
  maxUsesPerPlayer: useCount,
  rules: promotionRulesSchema,
});
export type PromotionInput = z.infer<typeof promotionInputSchema>;

/** A promotion as staff see it: every language, its limits and whether it is active. */
export const backofficePromotionSchema = promotionInputSchema.extend({
  id: z.uuid(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  uses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BackofficePromotion = z.infer<typeof backofficePromotionSchema>;
export const backofficePromotionResponseSchema = z.object({ promotion: backofficePromotionSchema });
export const backofficePromotionsResponseSchema = z.object({ promotions: z.array(backofficePromotionSchema) });
export const backofficePromotionUsageSchema = promotionUsageSchema.extend({ playerId: z.uuid(), playerUsername: z.string() });
/** A promotion's usages for staff, newest first, a page at a time by keyset (decision 058): no count. */
export const backofficePromotionUsagePageSchema = keysetResponseSchema(backofficePromotionUsageSchema);
export const promotionBlockBodySchema = z.object({ blocked: z.boolean() });

/** Images a promotion may carry: their types, told from the bytes, and the largest size. */
export const PROMOTION_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROMOTION_IMAGE_MAX_BYTES = 1024 * 1024;

/**
 * Staff's figures per promotion: usages taken, those in use now (USED), those whose deposit was paid,
 * and the bonus credited less what was taken back (THB).
 */
export const promotionFiguresResponseSchema = z.object({
  figures: z.array(
    z.object({ promotionId: z.uuid(), taken: z.number().int(), inUse: z.number().int(), used: z.number().int(), bonusCost: z.string() }),
  ),
});
export type PromotionFiguresResponse = z.infer<typeof promotionFiguresResponseSchema>;
