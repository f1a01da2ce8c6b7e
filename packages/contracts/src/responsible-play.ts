import { z } from 'zod';
import { toMinor } from './amounts.js';

/**
 * Responsible play set by the player (docs/decisions/160): deposit limits per day, week and
 * month in kip, cooling-off and self-exclusion. A lower limit is in force at once; a higher one, or
 * its removal, only after DEPOSIT_LIMIT_RAISE_DELAY_HOURS.
 */
export const DEPOSIT_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

export const DEPOSIT_LIMIT_RAISE_DELAY_HOURS = 24;

/** cooling-off: 24h, 7d, 30d; self-exclusion: 6m, 1y, permanent */
export const COOLING_OFF_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', 'permanent'] as const;
export const EXCLUSION_PERIODS = [...COOLING_OFF_PERIODS, ...SELF_EXCLUSION_PERIODS] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
export type ExclusionKind = 'cooling_off' | 'self_exclusion';
export const exclusionKindOf = (period: ExclusionPeriod): ExclusionKind =>
  (COOLING_OFF_PERIODS as readonly string[]).includes(period) ? 'cooling_off' : 'self_exclusion';

/** at most 15 digits of whole kip: what the bigint column holds with room */
const MAX_LIMIT_DIGITS = 15;

/** a limit in whole kip (decimal string), or null for none */
export const depositLimitValueSchema = z
  .string()
  .trim()
  .refine((v) => {
    if (v.replace(/^0+/, '').length > MAX_LIMIT_DIGITS) return false;
    try {
      return toMinor(v, 'LAK') > 0n;
    } catch {
      return false;
    }
  }, 'limits.amount_invalid')
  .nullable();

export const putDepositLimitsSchema = z.object({
  daily: depositLimitValueSchema,
  weekly: depositLimitValueSchema,
  monthly: depositLimitValueSchema,
});
export type PutDepositLimitsBody = z.infer<typeof putDepositLimitsSchema>;

export const depositLimitSchema = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  /** the limit in force now (whole kip), null for none */
  amount: z.string().nullable(),
  /** kip deposited in the current period (open and paid orders) */
  used: z.string(),
  /** kip still allowed this period, null without a limit */
  remaining: z.string().nullable(),
  /** a raise or removal waiting for its 24 hours: the amount (null = removal) and when it takes effect */
  pending: z.object({ amount: z.string().nullable(), effectiveAt: z.string() }).nullable(),
});
export type DepositLimit = z.infer<typeof depositLimitSchema>;

export const exclusionSchema = z.object({
  kind: z.enum(['cooling_off', 'self_exclusion']),
  period: z.enum(EXCLUSION_PERIODS),
  startsAt: z.string(),
  /** null: for good */
  endsAt: z.string().nullable(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const playerLimitsResponseSchema = z.object({
  limits: z.array(depositLimitSchema),
  /** the exclusion in force now (the one ending last), or null */
  exclusion: exclusionSchema.nullable(),
});
export type PlayerLimitsResponse = z.infer<typeof playerLimitsResponseSchema>;

export const postExclusionSchema = z.object({ period: z.enum(EXCLUSION_PERIODS) });
export type PostExclusionBody = z.infer<typeof postExclusionSchema>;

// --- staff: the player's page shows the limits with their history and any exclusion ---

/** one change of a deposit limit, as the player made it */
export const depositLimitChangeSchema = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  /** null: the limit removed */
  amount: z.string().nullable(),
  effectiveAt: z.string(),
  createdAt: z.string(),
  /** a waiting change replaced by a later one before its time */
  canceledAt: z.string().nullable(),
});
export type DepositLimitChange = z.infer<typeof depositLimitChangeSchema>;

export const exclusionRecordSchema = exclusionSchema.extend({
  /** null: set by the player */
  staffUsername: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ExclusionRecord = z.infer<typeof exclusionRecordSchema>;

export const staffPlayerLimitsResponseSchema = playerLimitsResponseSchema.extend({
  /** every change, newest first */
  changes: z.array(depositLimitChangeSchema),
  /** every exclusion, newest first */
  exclusions: z.array(exclusionRecordSchema),
});
export type StaffPlayerLimitsResponse = z.infer<typeof staffPlayerLimitsResponseSchema>;

/** staff set an exclusion, with a reason (audited); nobody lifts one */
export const staffExclusionBodySchema = z.object({
  period: z.enum(EXCLUSION_PERIODS),
  reason: z.string().trim().min(1, 'backoffice.validation.reason_required').max(500),
});
export type StaffExclusionBody = z.infer<typeof staffExclusionBodySchema>;
