import { z } from 'zod';
import { keysetQuerySchema, keysetResponseSchema } from './keyset.js';

/**
 * The back office's reports (decision 182): per game provider and per player over a range
 * of Vientiane business days. The figures are the dashboard's, by the same definitions: deposits by the
 * bank's payment time, withdrawals by the time staff paid them, bonuses by the time their deposit was
 * paid (a voided bonus is no cost). Amounts are decimal strings: LAK whole kip, THB with 2 decimals.
 */

/** The longest range a report covers: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_KINDS = ['providers', 'players'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const businessDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'backoffice.validation.date');

/** from..to, both included; either absent: this month up to today */
export const reportRangeQuerySchema = z.object({ from: businessDay.optional(), to: businessDay.optional() });

/** One row's figures. */
export const reportFiguresSchema = z.object({
  deposits: z.object({
    count: z.number().int(),
    /** LAK received */
    amountLak: z.string(),
    /** THB of credit the deposits carried to the provider */
    creditThb: z.string(),
  }),
  withdrawals: z.object({
    count: z.number().int(),
    /** THB taken from the provider */
    creditThb: z.string(),
    /** LAK paid to the players */
    amountLak: z.string(),
  }),
  bonus: z.object({
    /** THB of bonus credited with deposits */
    thb: z.string(),
    /** the same bonus in kip, each at its deposit's sell rate, rounded up */
    lak: z.string(),
  }),
  /** LAK: deposits − withdrawals paid − bonus in kip */
  net: z.string(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const providerReportRowSchema = reportFiguresSchema.extend({ providerId: z.string() });
export type ProviderReportRow = z.infer<typeof providerReportRowSchema>;

export const providerReportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(providerReportRowSchema),
  total: reportFiguresSchema,
});
export type ProviderReportResponse = z.infer<typeof providerReportResponseSchema>;

export const PLAYER_REPORT_SORTS = ['net_desc', 'net_asc'] as const;
export type PlayerReportSort = (typeof PLAYER_REPORT_SORTS)[number];

export const playerReportQuerySchema = reportRangeQuerySchema.merge(keysetQuerySchema).extend({
  /** a prefix of the username (usernames are lowercase) */
  q: z.string().trim().max(64).default(''),
  sort: z.enum(PLAYER_REPORT_SORTS).default('net_desc'),
});
export type PlayerReportQuery = z.infer<typeof playerReportQuerySchema>;

export const playerReportRowSchema = reportFiguresSchema.extend({
  playerId: z.string(),
  username: z.string(),
  displayName: z.string(),
});
export type PlayerReportRow = z.infer<typeof playerReportRowSchema>;

export const playerReportResponseSchema = keysetResponseSchema(playerReportRowSchema).extend({ from: z.string(), to: z.string() });
export type PlayerReportResponse = z.infer<typeof playerReportResponseSchema>;
