import { z } from 'zod';
import { backofficeWithdrawalSchema } from './backoffice.js';
import { queueSignalsSchema } from './fraud-signals.js';
import { keysetQuerySchema, keysetResponseSchema } from './keyset.js';
import { withdrawalStatusSchema } from './withdrawals.js';

/**
 * The back office's money screens (DESIGN.md §9): the dashboard and the withdrawal queue.
 * Amounts are decimal strings as everywhere (LAK whole kip, THB with 2 decimals).
 */

/**
 * CSV exports for the accountant (decision 063): the kinds, and the longest range in Vientiane business
 * days (a month and a day, so any calendar month fits).
 */
export const EXPORT_KINDS = ['deposits', 'withdrawals'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_MAX_DAYS = 32;

/** One business day (Vientiane, UTC+7) of the agency's figures. */
export const dashboardDaySchema = z.object({
  /** yyyy-mm-dd, the agency's business day */
  day: z.string(),
  deposits: z.object({ count: z.number().int(), amount: z.string() }),
  withdrawalsPaid: z.object({ count: z.number().int(), amount: z.string() }),
  /** THB: promotion bonuses credited that day (a bonus the provider voided is not a cost) */
  bonusCost: z.string(),
  /** LAK: the same bonuses, each at its deposit's sell rate, rounded up (decision 182) */
  bonusCostLak: z.string(),
  newPlayers: z.number().int(),
  /** LAK: deposits − withdrawals paid − bonus cost in kip (decision 182, the reports' net) */
  net: z.string(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** A queue staff work through: how many wait, and since when the oldest does. */
export const dashboardQueueSchema = z.object({ count: z.number().int(), oldestAt: z.string().nullable() });
export type DashboardQueue = z.infer<typeof dashboardQueueSchema>;

export const dashboardResponseSchema = z.object({
  today: z.string(),
  /** the last 14 days and today, oldest first (15 entries, days without activity at zero) */
  days: z.array(dashboardDaySchema),
  queues: z.object({ withdrawalsOpen: dashboardQueueSchema, depositsAttention: dashboardQueueSchema }),
  generatedAt: z.string(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** The promotion a withdrawal was made under (its usage), for staff. */
export const queuePromotionSchema = z.object({ usageId: z.string(), code: z.string(), name: z.string(), status: z.string() });

export const queueWithdrawalSchema = backofficeWithdrawalSchema.extend({
  playerDisplayName: z.string(),
  promotion: queuePromotionSchema.nullable(),
  /** the player's fraud signals not dismissed (decision 164); the names are on the player's signals */
  signals: queueSignalsSchema,
});
export type QueueWithdrawal = z.infer<typeof queueWithdrawalSchema>;

/** The queue: one status (OPEN by default), oldest first, by keyset. */
export const withdrawalQueueQuerySchema = keysetQuerySchema.extend({ status: withdrawalStatusSchema.default('OPEN') });
export const withdrawalQueueResponseSchema = keysetResponseSchema(queueWithdrawalSchema);
export type WithdrawalQueueResponse = z.infer<typeof withdrawalQueueResponseSchema>;

export const withdrawalDetailResponseSchema = z.object({ withdrawal: queueWithdrawalSchema });
export type WithdrawalDetailResponse = z.infer<typeof withdrawalDetailResponseSchema>;

/** The queue's summary, polled by the queue screen: `newestAt` tells it a request arrived (its chime, decision 178). */
export const withdrawalQueueSummarySchema = z.object({ open: dashboardQueueSchema.extend({ newestAt: z.string().nullable() }) });
export type WithdrawalQueueSummary = z.infer<typeof withdrawalQueueSummarySchema>;
