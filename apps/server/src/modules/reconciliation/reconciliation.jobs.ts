import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/types.js';
import type { Worker } from '../../jobs/worker.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError } from '../../payments/index.js';
import { compareBankDay, laoDayOf, laoDayWindow, type ReconcileDependencies, type ReconcileInput } from './reconciliation.run.js';
import { recordComparison, writeRun } from './reconciliation.store.js';

export const RECONCILIATION_JOB = 'bank_reconciliation' as const;
/** a day is reconciled this long after it ended: late notices and the banks' own booking settle first */
const AFTER_DAY_END_MS = 2 * 3_600_000;
/** how often each worker looks for a day to reconcile (the job's unique key makes it once per agency, bank and day) */
const SCHEDULE_EVERY_MS = 10 * 60_000;

export const reconciliationJobKey = (i: ReconcileInput) => `bank-reconciliation:${i.agencyId}:${i.bank}:${i.day}`;

/**
 * Compares and records one agency's bank for one day. The bank not answering is not a difference:
 * the run's line says why, and the job is tried again.
 */
export async function reconcileBankDay(deps: ReconcileDependencies, input: ReconcileInput, now = new Date()) {
  try {
    const result = await compareBankDay(deps, input, now);
    const open = await recordComparison(deps.db, input, result);
    return { ...result, open };
  } catch (err) {
    if (err instanceof BankGatewayUnavailableError || err instanceof BankGatewayRefusedError)
      await writeRun(deps.db, input, { method: 'LIST', checked: 0, differences: 0, error: err.message.slice(0, 500) });
    throw err;
  }
}

/**
 * Enqueues the reconciliation of the last whole Lao day (once it ended AFTER_DAY_END_MS ago) for
 * every agency's configured bank that has no run of it made after it ended: one statement, the jobs' unique
 * key keeping it to one job per agency, bank and day whichever worker sees it first.
 */
export async function scheduleReconciliations(db: Db, now = new Date()) {
  const day = laoDayOf(new Date(now.getTime() - AFTER_DAY_END_MS - 86_400_000));
  // a run of the day while it was not over yet (staff's "compare now") does not count
  const dayEnd = laoDayWindow(day).to.toISOString();
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH due AS (
          SELECT c.agency_id, c.bank FROM agency_bank_config c
           WHERE NOT EXISTS (SELECT 1 FROM bank_reconciliation_runs r
                              WHERE r.agency_id = c.agency_id AND r.bank = c.bank AND r.day = ${day}::date AND r.error IS NULL
                                AND r.finished_at >= ${dayEnd}::timestamptz)),
        queued AS (
          INSERT INTO jobs (type, payload, unique_key, run_at)
          SELECT ${RECONCILIATION_JOB}, jsonb_build_object('agencyId', agency_id, 'bank', bank, 'day', ${day}::text),
                 'bank-reconciliation:' || agency_id || ':' || bank || ':' || ${day}, now()
            FROM due
          ON CONFLICT (unique_key) DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM queued`,
  );
  return { day, queued: rows[0]?.n ?? 0 };
}

/**
 * Reconciles one agency's bank for one day now (staff: today so far): a job of its own key, so that
 * a press just after another still compares what the bank booked since (a repeat is harmless).
 */
export async function requestReconciliation(db: Db | Tx, input: ReconcileInput) {
  await enqueueJob(db, RECONCILIATION_JOB, input, { uniqueKey: `${reconciliationJobKey(input)}:at:${Date.now()}` });
}

/** The worker's part: the schedule every few minutes, and each agency's bank day as a job (retried while its bank cannot be asked). */
export function registerReconciliationJobs(deps: ReconcileDependencies & { worker: Worker; log: FastifyBaseLogger }) {
  const { worker, log } = deps;
  worker.every('bank reconciliation schedule', SCHEDULE_EVERY_MS, () => scheduleReconciliations(deps.db));
  worker.handle(RECONCILIATION_JOB, async (input, job) => {
    try {
      const done = await reconcileBankDay(deps, input);
      if (done.open > 0) log.warn({ ...input, open: done.open, method: done.method }, 'bank reconciliation found differences');
      return { done: true };
    } catch (err) {
      if (!(err instanceof BankGatewayUnavailableError || err instanceof BankGatewayRefusedError)) throw err;
      return { done: false, retryInMs: worker.backoff(job.attempts) * 10, error: err.message };
    }
  });
}
