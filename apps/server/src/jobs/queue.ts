import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
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

export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<Job[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id, type: jobs.type, payload: jobs.payload, attempts: jobs.attempts })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, sql`now()`)))
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const j of due) {
      await tx
        .update(jobs)
        .set({ runAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`, attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, j.id));
    }
    return due;
  });
}

export async function complete(db: Db | Tx, id: number): Promise<void> {
  await db.update(jobs).set({ doneAt: sql`now()`, lastError: null }).where(eq(jobs.id, id));
}

export async function retryLater(db: Db, id: number, delayMs: number, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now() + ${`${delayMs} milliseconds`}::interval`, lastError: error.slice(0, 1000) })
    .where(eq(jobs.id, id));
}

/** Tests and operators: make every pending job due now (skips the backoff wait). */
export async function makeAllDue(db: Db): Promise<void> {
  await db.update(jobs).set({ runAt: sql`now()` }).where(isNull(jobs.doneAt));
}
