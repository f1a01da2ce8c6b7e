import { and, eq, isNull, Placeholder, sql, type SQL } from 'drizzle-orm';
import { queryRowsPrepared, textArray, type Db, type Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

/**
 * The transactional outbox: a job is written in the same transaction as the state change it
 * follows, so it exists exactly when that change committed. Workers in several processes claim due
 * jobs with FOR UPDATE SKIP LOCKED and hold them by pushing run_at forward (a lease): a worker that
 * dies mid-job leaves it to be picked up again once the lease runs out.
 */
export interface Job {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export async function enqueue(
  tx: Tx | Db,
  job: { type: string; payload: Record<string, unknown>; uniqueKey?: string; runAt?: Date },
): Promise<void> {
  await tx
    .insert(jobs)
    .values({ type: job.type, payload: job.payload, uniqueKey: job.uniqueKey ?? null, runAt: job.runAt ?? sql`now()` })
    .onConflictDoNothing({ target: jobs.uniqueKey });
}

/**
 * `enqueue` of one or more jobs as a statement of its own, to put in a CTE of the statement that
 * writes the state they follow. With `runAfterMs` the jobs are due only then: a fallback for work
 * this process starts itself once the transaction commits (a lease taken from the start). The list
 * is one JSON parameter: the text is the same whatever its length (a named prepared statement). A
 * Date instead of `runAfterMs`: the jobs are due at that time.
 */
export function enqueueSql(
  list: readonly { type: string; payload: Record<string, unknown>; uniqueKey?: string }[],
  runAfterMs: number | Date = 0,
): SQL {
  const json = JSON.stringify(list.map((job) => ({ type: job.type, payload: job.payload, unique_key: job.uniqueKey ?? null })));
  const runAt =
    runAfterMs instanceof Date ? sql`${runAfterMs.toISOString()}::timestamptz` : sql`now() + ${`${runAfterMs} milliseconds`}::interval`;
  return sql`INSERT INTO jobs (type, payload, unique_key, run_at)
             SELECT j.type, j.payload, j.unique_key, ${runAt}
               FROM jsonb_to_recordset(${json}::jsonb) AS j (type text, payload jsonb, unique_key text)
             ON CONFLICT (unique_key) DO NOTHING`;
}

/**
 * Claims up to `limit` due jobs in one statement: locks them (skipping those another worker holds),
 * pushes run_at forward by the lease and counts the attempt. `attempts` is answered as it was
 * before this claim.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<Job[]> {
  const rows = await queryRowsPrepared<{ id: string | number; type: string; payload: Record<string, unknown>; attempts: number }>(
    db,
    'jobs_claim_due',
    sql`WITH due AS MATERIALIZED (
          SELECT id FROM jobs WHERE done_at IS NULL AND run_at <= now()
           ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        UPDATE jobs SET run_at = now() + ${`${leaseMs} milliseconds`}::interval, attempts = jobs.attempts + 1
          FROM due WHERE jobs.id = due.id
        RETURNING jobs.id, jobs.type, jobs.payload, jobs.attempts - 1 AS attempts`,
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type, payload: r.payload, attempts: Number(r.attempts) }));
}

/** Marks these jobs done, in one statement. */
export async function completeAll(db: Db | Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ doneAt: sql`now()`, lastError: null })
    .where(sql`${jobs.id} = ANY (${`{${ids.join(',')}}`}::bigint[])`)
    .prepare('jobs_complete')
    .execute();
}

/** Makes a job due again after `delayMs`: known by its id, or by its unique key (then only while not done). */
export async function retryLater(db: Db, job: number | { uniqueKey: string }, delayMs: number, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now() + ${`${delayMs} milliseconds`}::interval`, lastError: error.slice(0, 1000) })
    .where(typeof job === 'number' ? eq(jobs.id, job) : and(eq(jobs.uniqueKey, job.uniqueKey), isNull(jobs.doneAt)));
}

/**
 * Removes the jobs of these unique keys, in the caller's transaction: for a job whose row has no use
 * once its work is done (a payment confirmation: a paid order is never confirmed again, and a late
 * callback writes a new one). Cheaper than marking it done: no row version, no index entries, and
 * nothing left for the purge.
 */
export async function removeByKeys(tx: Db | Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await queryRowsPrepared(tx, 'jobs_remove_by_key', removeByKeysSql(keys));
}

/** `removeByKeys` as a statement of its own, for a CTE of the statement that finishes the jobs' work. */
export const removeByKeysSql = (keys: readonly string[] | Placeholder): SQL =>
  sql`DELETE FROM jobs WHERE unique_key = ANY (${keyList(keys)}::text[])`;

/** The keys as one `text[]` parameter, or the placeholder a statement built once binds them to (`textArray(keys)`). */
const keyList = (keys: readonly string[] | Placeholder) => (keys instanceof Placeholder ? keys : textArray(keys));

/** Tests and operators: make every pending job due now (skips the backoff wait). */
export async function makeAllDue(db: Db): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(isNull(jobs.doneAt));
}
