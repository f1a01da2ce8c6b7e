import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { ProviderId, ReconciliationMethod } from '@app/contracts';
import { queryRows, textArray, type Db, type Tx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/types.js';
import type { Worker } from '../../jobs/worker.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError } from '../../payments/index.js';
import { ProviderRequestError, ProviderUnavailableError } from '../../providers/types.js';
import {
  compareProviderDay,
  keepsHistory,
  type ProviderReconcileDependencies,
  type ProviderReconcileInput,
} from './reconciliation.providers.js';
import {
  compareBankDay,
  laoDayOf,
  laoDayWindow,
  type ReconcileDependencies,
  type ReconcileInput,
  type Reconciled,
} from './reconciliation.run.js';
import { recordComparison, writeRun, type ReconcileScope } from './reconciliation.store.js';

export const RECONCILIATION_JOB = 'bank_reconciliation' as const;
export const PROVIDER_RECONCILIATION_JOB = 'provider_reconciliation' as const;
/** a day is reconciled this long after it ended: late notices and the banks' own booking settle first */
const AFTER_DAY_END_MS = 2 * 3_600_000;
/** how often each worker looks for a day to reconcile (the job's unique key makes it once per agency, counterpart and day) */
const SCHEDULE_EVERY_MS = 10 * 60_000;

/** the job of a scope, and its key: once per agency, bank or provider, and day */
const jobOf = (s: ReconcileScope) =>
  s.bank !== undefined
    ? { type: RECONCILIATION_JOB, key: `bank-reconciliation:${s.agencyId}:${s.bank}:${s.day}` }
    : { type: PROVIDER_RECONCILIATION_JOB, key: `provider-reconciliation:${s.agencyId}:${s.provider}:${s.day}` };

/** the counterpart could not be asked now: noted on the run, tried again, never a difference */
const unavailable = (err: unknown) =>
  err instanceof BankGatewayUnavailableError ||
  err instanceof BankGatewayRefusedError ||
  err instanceof ProviderUnavailableError ||
  err instanceof ProviderRequestError;

/** Compares and records one scope's day; a counterpart not answering is written on the run's line and thrown. */
async function reconcile(db: Db, scope: ReconcileScope, compare: () => Promise<Reconciled>, method: ReconciliationMethod) {
  try {
    const result = await compare();
    const open = await recordComparison(db, scope, result);
    return { ...result, open };
  } catch (err) {
    if (unavailable(err))
      await writeRun(db, scope, {
        method,
        checked: 0,
        differences: 0,
        error: (err as Error).message.slice(0, 500),
      });
    throw err;
  }
}

/** Compares and records one agency's bank for one day (docs/decisions/138). */
export const reconcileBankDay = (deps: ReconcileDependencies, input: ReconcileInput, now = new Date()) =>
  reconcile(deps.db, input, () => compareBankDay(deps, input, now), 'LIST');

/** Compares and records one agency's provider for one day (docs/decisions/142). */
export const reconcileProviderDay = (deps: ProviderReconcileDependencies, input: ProviderReconcileInput, now = new Date()) =>
  reconcile(
    deps.db,
    input,
    () => compareProviderDay(deps, input, now),
    deps.providers.get(input.provider).transfersBetween ? 'HISTORY' : 'BALANCE',
  );

/**
 * Enqueues the reconciliation of the last whole Lao day (once it ended AFTER_DAY_END_MS ago) for
 * every pair `due` names (agency_id, counterpart) that has no run of it made after it ended: one
 * statement, the jobs' unique key keeping it to one job per pair and day whichever worker sees it first.
 */
async function scheduleDue(db: Db, now: Date, job: { type: string; prefix: string; column: 'bank' | 'provider'; due: SQL }) {
  const day = laoDayOf(new Date(now.getTime() - AFTER_DAY_END_MS - 86_400_000));
  // a run of the day while it was not over yet (staff's "compare now") does not count
  const dayEnd = laoDayWindow(day).to.toISOString();
  const column = sql.raw(job.column);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH pairs AS (${job.due}),
        due AS (
          SELECT p.agency_id, p.counterpart FROM pairs p
           WHERE NOT EXISTS (SELECT 1 FROM bank_reconciliation_runs r
                              WHERE r.agency_id = p.agency_id AND r.${column} = p.counterpart AND r.day = ${day}::date AND r.error IS NULL
                                AND r.finished_at >= ${dayEnd}::timestamptz)),
        queued AS (
          INSERT INTO jobs (type, payload, unique_key, run_at)
          SELECT ${job.type}, jsonb_build_object('agencyId', agency_id, ${job.column}::text, counterpart, 'day', ${day}::text),
                 ${job.prefix} || ':' || agency_id || ':' || counterpart || ':' || ${day}, now()
            FROM due
          ON CONFLICT (unique_key) DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM queued`,
  );
  return { day, queued: rows[0]?.n ?? 0 };
}

/** Every agency's configured bank, for the last whole Lao day (docs/decisions/138). */
export const scheduleReconciliations = (db: Db, now = new Date()) =>
  scheduleDue(db, now, {
    type: RECONCILIATION_JOB,
    prefix: 'bank-reconciliation',
    column: 'bank',
    due: sql`SELECT agency_id, bank AS counterpart FROM agency_bank_config`,
  });

/** Every agency's provider whose protocol keeps a history, for the last whole Lao day (docs/decisions/142). */
export const scheduleProviderReconciliations = (db: Db, providers: readonly ProviderId[], now = new Date()) =>
  scheduleDue(db, now, {
    type: PROVIDER_RECONCILIATION_JOB,
    prefix: 'provider-reconciliation',
    column: 'provider',
    due: sql`SELECT a.id AS agency_id, p.counterpart FROM agencies a CROSS JOIN unnest(${textArray([...providers])}::text[]) AS p (counterpart)`,
  });

/**
 * Reconciles one agency's bank or provider for one day now (staff: today so far): a job of its own
 * key, so that a press just after another still compares what happened since (a repeat is harmless).
 */
export async function requestReconciliation(db: Db | Tx, input: ReconcileScope) {
  const job = jobOf(input);
  const payload = {
    agencyId: input.agencyId,
    day: input.day,
    ...(input.bank !== undefined ? { bank: input.bank } : { provider: input.provider }),
  };
  await enqueueJob(db, job.type, payload as never, { uniqueKey: `${job.key}:at:${Date.now()}` });
}

/**
 * The worker's part: the schedules every few minutes, and each agency's bank or provider day as a job
 * (retried while its counterpart cannot be asked).
 */
export function registerReconciliationJobs(
  deps: ReconcileDependencies &
    ProviderReconcileDependencies & { worker: Worker; log: FastifyBaseLogger; providerIds: readonly ProviderId[] },
) {
  const { worker, log } = deps;
  const historyKept = deps.providerIds.filter((id) => keepsHistory(deps.providers.get(id)));
  worker.every('bank reconciliation schedule', SCHEDULE_EVERY_MS, () => scheduleReconciliations(deps.db));
  worker.every('provider reconciliation schedule', SCHEDULE_EVERY_MS, () => scheduleProviderReconciliations(deps.db, historyKept));
  const retried = async (run: () => Promise<{ open: number; method: string }>, what: object, attempts: number) => {
    try {
      const done = await run();
      if (done.open > 0) log.warn({ ...what, open: done.open, method: done.method }, 'reconciliation found differences');
      return { done: true } as const;
    } catch (err) {
      if (!unavailable(err)) throw err;
      return { done: false, retryInMs: worker.backoff(attempts) * 10, error: (err as Error).message } as const;
    }
  };
  worker.handle(RECONCILIATION_JOB, (input, job) => retried(() => reconcileBankDay(deps, input), input, job.attempts));
  worker.handle(PROVIDER_RECONCILIATION_JOB, (input, job) => retried(() => reconcileProviderDay(deps, input), input, job.attempts));
}
