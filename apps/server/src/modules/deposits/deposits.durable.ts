import { eq, sql, type Placeholder } from 'drizzle-orm';
import { queryRowsPrepared, tableRows, textArray } from '../../db/client.js';
import { GroupCommit } from '../../db/group-commit.js';
import { depositOrders, type DepositOrderRow } from '../../db/schema/index.js';
import { removeByKeys, removeByKeysSql } from '../../jobs/queue.js';
import type { JobPayload, JobType } from '../../jobs/types.js';
import type { JobResult } from '../../jobs/worker.js';
import type { PaymentConfirmations } from './deposits.confirmations.js';
import type { DepositsServiceDependencies } from './deposits.types.js';

/**
 * An acknowledged callback is durable (docs/decisions/060-short-leases.md): the statement that looks
 * its order up also writes the order's confirmation job, so the 202 is sent only once the hint is
 * on disk. This process confirms the payment at once (PaymentConfirmations, holding the job's lease);
 * if it dies, any instance's worker takes the job over once the lease lapses.
 */
export const DEPOSIT_CONFIRM_JOB = 'deposit_confirm' satisfies JobType;
export const confirmJobKey = (orderId: string) => `deposit-confirm:${orderId}`;

type Deps = Pick<DepositsServiceDependencies, 'db' | 'worker'>;

/**
 * The orders of the callbacks that arrive together, looked up in one prepared statement that also
 * writes a confirmation job for each order not settled yet, due after a lease (the fallback of the
 * confirmation this process starts). A job left done by an earlier confirmation is due again: a
 * late callback of a canceled order is confirmed like the first.
 */
export function callbackLookups({ db, worker }: Deps) {
  const lease = `${worker.leases.leaseMs} milliseconds`;
  return new GroupCommit<string, DepositOrderRow | null>(
    async (references) => {
      const raw = await queryRowsPrepared<Record<string, unknown>>(
        db,
        'deposits_callback_lookup',
        sql`WITH o AS MATERIALIZED (SELECT * FROM deposit_orders WHERE gateway_reference = ANY (${textArray(new Set(references))}::text[])),
                 j AS (INSERT INTO jobs (type, payload, unique_key, run_at)
                         SELECT ${DEPOSIT_CONFIRM_JOB}, jsonb_build_object('orderId', o.id), 'deposit-confirm:' || o.id, now() + ${lease}::interval
                           FROM o WHERE o.bank_reference IS NULL
                       ON CONFLICT (unique_key) DO UPDATE
                         SET done_at = NULL, attempts = 0, last_error = NULL, run_at = excluded.run_at
                         WHERE jobs.done_at IS NOT NULL)
            SELECT * FROM o`,
      );
      const found = new Map(tableRows(depositOrders, raw).map((row) => [row.gatewayReference, row]));
      return references.map((reference) => ({ ok: true, value: found.get(reference) ?? null }));
    },
    { maxItems: 256 },
  );
}

/**
 * The confirmation jobs as PaymentConfirmations sees them: held while an order waits in memory,
 * removed once it is settled either way (a paid one by markPaid's transaction). A removed job is
 * as good as a done one: the lookup writes a job only for an order not paid, and a later callback
 * of a canceled order writes it again, as it makes a done one due again.
 */
export function confirmationJobs({ db, worker }: Deps) {
  return {
    hold: (orderId: string) => worker.leases.hold({ keys: [confirmJobKey(orderId)] }),
    release: (orderId: string) => worker.leases.release({ keys: [confirmJobKey(orderId)] }),
    complete: (orderId: string) => removeByKeys(db, [confirmJobKey(orderId)]),
  };
}

/**
 * The worker's side: a confirmation job that came due belongs to a process that died (or stopped)
 * before settling it. Its order is handed to this process's confirmations, which hold the job from
 * then on and mark it done; the job itself waits a lease, in case this process dies too.
 */
export function depositConfirmJob(
  { db, worker }: Deps,
  confirmations: PaymentConfirmations,
): (payload: JobPayload<'deposit_confirm'>) => Promise<JobResult> {
  return async ({ orderId }) => {
    const [order] = await db.select().from(depositOrders).where(eq(depositOrders.id, orderId));
    if (!order || order.bankReference !== null) return { done: true };
    confirmations.hint(order);
    return { done: false, retryInMs: worker.leases.leaseMs, error: 'taken over: being confirmed' };
  };
}

/** For a CTE of markPaid's statement: the confirmation jobs of these orders have nothing left to do. */
export const completeConfirmationsSql = (keys: Placeholder) => removeByKeysSql(keys);
/** The value `completeConfirmationsSql`'s placeholder takes: these orders' confirmation job keys. */
export const confirmationKeys = (orderIds: Iterable<string>) => textArray([...orderIds].map(confirmJobKey));
