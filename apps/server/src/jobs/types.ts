import { z } from 'zod';
import { bankCodeSchema, providerIdSchema } from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { enqueue, enqueueSql } from './queue.js';

/**
 * Every job type of the outbox, with the payload its handler reads (parsed before the handler
 * runs: a payload that does not match is a failed job, not a handler reading `undefined`). A new
 * job type is added here; the app refuses to start while one has no handler.
 */
export const jobPayloads = {
  /** a provider transfer's next step (ledger/transfers/process.ts) */
  provider_transfer: z.object({ transferId: z.uuid() }),
  /** an open deposit order at its expiry (modules/deposits/deposits.expiry.ts) */
  deposit_expiry: z.object({ orderId: z.uuid() }),
  /** an acknowledged bank callback's order to confirm, taken over from a process that died (modules/deposits/deposits.durable.ts, decision 060) */
  deposit_confirm: z.object({ orderId: z.uuid() }),
  /** a withdrawal's credit return to try again after a refusal (modules/withdrawals/withdrawals.settlement.ts) */
  withdraw_return_retry: z.object({ withdrawalId: z.uuid(), attempt: z.number().int().nonnegative() }),
  /** a moved credit's return to its first provider to try again after a refusal (modules/credit-moves, decision 176) */
  credit_move_return_retry: z.object({ moveId: z.uuid(), attempt: z.number().int().nonnegative() }),
  /** an ACTIVE promotion usage at its 24 h expiry (modules/promotions/promotions.jobs.ts) */
  promotion_usage_expiry: z.object({ usageId: z.uuid() }),
  /** a deactivated promotion's ACTIVE usages → INACTIVE (modules/promotions/promotions.jobs.ts) */
  promotion_deactivation: z.object({ promotionId: z.uuid() }),
  /** one staff alert to one channel (modules/backoffice/alerts/alerts.jobs.ts) */
  staff_alert: z.object({ eventId: z.number().int().positive(), channel: z.enum(['telegram', 'line']) }),
  /** one agency's bank compared with our deposits for one Lao day (modules/reconciliation, decision 138) */
  bank_reconciliation: z.object({ agencyId: z.uuid(), bank: bankCodeSchema, day: z.iso.date() }),
  /** one agency's transfers compared with one provider's history for one Lao day (decision 142) */
  provider_reconciliation: z.object({ agencyId: z.uuid(), provider: providerIdSchema, day: z.iso.date() }),
};

export type JobType = keyof typeof jobPayloads;
export type JobPayload<T extends JobType> = z.infer<(typeof jobPayloads)[T]>;
export const jobTypes = Object.keys(jobPayloads) as JobType[];

/** `enqueue` of a declared job type, its payload checked against the declaration. */
export async function enqueueJob<T extends JobType>(
  tx: Tx | Db,
  type: T,
  payload: JobPayload<T>,
  opts: { uniqueKey?: string; runAt?: Date } = {},
): Promise<void> {
  await enqueue(tx, { type, payload: jobPayloads[type].parse(payload), ...opts });
}

/** `enqueueJob` as a statement of its own, to put in a CTE of the statement that writes the state it follows. */
export function enqueueJobSql<T extends JobType>(type: T, payload: JobPayload<T>, opts: { uniqueKey?: string; runAt?: Date } = {}): SQL {
  return enqueueSql([{ type, payload: jobPayloads[type].parse(payload), uniqueKey: opts.uniqueKey }], opts.runAt);
}

/** The payload of a claimed job of this type, or the error that says why it does not match. */
export function parseJobPayload<T extends JobType>(type: T, payload: unknown) {
  return jobPayloads[type].safeParse(payload) as z.ZodSafeParseResult<JobPayload<T>>;
}
