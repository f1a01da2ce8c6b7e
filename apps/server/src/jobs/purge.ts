import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

export interface Retention {
  /** finished jobs are deleted this long after they were done */
  jobsMs: number;
  /** idempotency keys are deleted this long after their first request (a repeat after that runs again) */
  idempotencyMs: number;
}

/** Rows deleted per statement: short statements, no long lock on either table. */
const BATCH = 5_000;

/**
 * Nothing grows forever: deletes the jobs done longer than the retention ago and the idempotency
 * keys older than theirs (never one whose request may still be running: its lease must have
 * passed). In batches, until none is left. Safe to run in several processes at once.
 */
export async function purgeExpired(db: Db, retention: Retention): Promise<{ jobs: number; idempotencyKeys: number }> {
  const jobsBefore = sql`now() - ${`${retention.jobsMs} milliseconds`}::interval`;
  const keysBefore = sql`now() - ${`${retention.idempotencyMs} milliseconds`}::interval`;
  const jobs = await untilNone(
    db,
    sql`DELETE FROM jobs WHERE id IN (
          SELECT id FROM jobs WHERE done_at IS NOT NULL AND done_at < ${jobsBefore} LIMIT ${BATCH})
        RETURNING 1 AS deleted`,
  );
  const idempotencyKeys = await untilNone(
    db,
    sql`DELETE FROM idempotency_keys WHERE (agency_id, owner, key) IN (
          SELECT agency_id, owner, key FROM idempotency_keys
           WHERE created_at < ${keysBefore} AND lease_expires_at < now() LIMIT ${BATCH})
        RETURNING 1 AS deleted`,
  );
  return { jobs, idempotencyKeys };
}

async function untilNone(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await queryRows(db, statement)).length;
    total += n;
    if (n < BATCH) return total;
  }
}
