import { z } from 'zod';

export const socialSchema = z.object({
  telegram: z.string(),
  whatsapp: z.string(),
  facebook: z.string(),
  twitter: z.string(),
  line: z.string(),
});

/**
 * The bounds a player's amounts must keep, shown next to the amount fields before typing and named
 * in their errors: deposits in whole kip, withdrawals in THB credit.
 */
export const amountLimitsSchema = z.object({
  depositMinLak: z.string(),
  depositMaxLak: z.string(),
  withdrawMinThb: z.string(),
  withdrawMaxThb: z.string(),
});
export type AmountLimits = z.infer<typeof amountLimitsSchema>;

export const agencyInfoResponseSchema = z.object({
  agency: z.object({
    id: z.string(),
    social: socialSchema,
    limits: amountLimitsSchema,
  }),
});
export type AgencyInfoResponse = z.infer<typeof agencyInfoResponseSchema>;

/** The numeric bounds SPEC.md marks "not shown", decided in DESIGN.md §2; editable per agency. */
export const agencySettingsSchema = z.object({
  usernameMin: z.number().int(),
  usernameMax: z.number().int(),
  passwordMin: z.number().int(),
  passwordMax: z.number().int(),
  /** whole kip */
  depositMinLak: z.string(),
  depositMaxLak: z.string(),
  /** THB credit */
  withdrawMinThb: z.string(),
  withdrawMaxThb: z.string(),
  /** a deposit with a promotion in use only when credit is below this (THB) */
  depositCreditThresholdThb: z.string(),
  /** a change of buy or sell by more than this percentage waits for a second staff user */
  rateChangeBoundPercent: z.number().int(),
  /** risk rules (decisions 161–163), each off when null: withdrawals a player may make per Lao day */
  withdrawDailyMaxCount: z.number().int().nullable(),
  /** THB a player may withdraw per Lao day */
  withdrawDailyMaxThb: z.string().nullable(),
  /** a paid deposit over this (whole kip) waits for staff review before its credit moves */
  depositReviewOverLak: z.string().nullable(),
  /** a withdrawal over this (THB) needs two different staff users to approve */
  withdrawTwoApprovalsOverThb: z.string().nullable(),
});
export type AgencySettings = z.infer<typeof agencySettingsSchema>;

export const DEFAULT_AGENCY_SETTINGS: AgencySettings = {
  usernameMin: 6,
  usernameMax: 20,
  passwordMin: 8,
  passwordMax: 64,
  depositMinLak: '20000',
  depositMaxLak: '50000000',
  withdrawMinThb: '100',
  withdrawMaxThb: '200000',
  depositCreditThresholdThb: '5',
  rateChangeBoundPercent: 10,
  withdrawDailyMaxCount: null,
  withdrawDailyMaxThb: null,
  depositReviewOverLak: null,
  withdrawTwoApprovalsOverThb: null,
};
