import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { Worker } from './worker.js';

const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as ConstructorParameters<typeof Worker>[1];
const HOUR = 3_600_000;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A job whose times are set `hoursAgo` in the past; `done` or still waiting for its run. */
async function job(name: string, createdHoursAgo: number, doneHoursAgo: number | null) {
  await queryRows(
    database.db,
    sql`INSERT INTO jobs (type, payload, unique_key, created_at, run_at, done_at)
        VALUES ('purge-test', '{}'::jsonb, ${name}, now() - make_interval(hours => ${createdHoursAgo}),
                now() - make_interval(hours => ${createdHoursAgo}),
                CASE WHEN ${doneHoursAgo}::int IS NULL THEN NULL ELSE now() - make_interval(hours => ${doneHoursAgo}::int) END)`,
  );
}

async function key(name: string, createdHoursAgo: number, leaseSecondsLeft: number, answered: boolean) {
  await queryRows(
    database.db,
    sql`INSERT INTO idempotency_keys (agency_id, owner, key, route, request_hash, status_code, response, created_at, lease_expires_at)
        VALUES (${database.agencyId}, ${randomUUID()}, ${name}, 'POST /v2/test', 'h', ${answered ? 201 : null}, NULL,
                now() - make_interval(hours => ${createdHoursAgo}), now() + make_interval(secs => ${leaseSecondsLeft}))`,
  );
}

const left = async () => ({
  jobs: (await queryRows<{ k: string }>(database.db, sql`SELECT unique_key AS k FROM jobs WHERE type = 'purge-test' ORDER BY 1`)).map(
    (r) => r.k,
  ),
  keys: (
    await queryRows<{ k: string }>(database.db, sql`SELECT key AS k FROM idempotency_keys WHERE route = 'POST /v2/test' ORDER BY 1`)
  ).map((r) => r.k),
});

describe('purge of what is kept long enough', () => {
  it('deletes finished jobs and idempotency keys past their retention, nothing pending, running or recent', async () => {
    await job('done-old', 200, 170);
    await job('done-recent', 200, 100);
    await job('pending-old', 300, null);
    await key('answered-old', 30, -3000, true);
    await key('abandoned-old', 30, -3000, false);
    await key('answered-recent', 20, -3000, true);
    // its request took the key over a moment ago and may still be running
    await key('running-old', 30, 50, false);
    const w = new Worker(database.db, quiet, {
      pollMs: 60_000,
      retryBaseMs: 1000,
      retention: { jobsMs: 168 * HOUR, idempotencyMs: 24 * HOUR, everyMs: 600_000 },
    });
    expect(await w.purge()).toEqual({ jobs: 1, idempotencyKeys: 2 });
    expect(await left()).toEqual({
      jobs: ['done-recent', 'pending-old'],
      keys: ['answered-recent', 'running-old'],
    });
    expect(await w.purge()).toEqual({ jobs: 0, idempotencyKeys: 0 });
  });

  it('purges while started, at most once per interval', async () => {
    await job('done-older', 400, 300);
    const w = new Worker(database.db, quiet, {
      pollMs: 10,
      retryBaseMs: 1000,
      retention: { jobsMs: 168 * HOUR, idempotencyMs: 24 * HOUR, everyMs: 600_000 },
    });
    w.start();
    try {
      await expect.poll(async () => (await left()).jobs, { timeout: 20_000 }).not.toContain('done-older');
      // the next purge is ten minutes away: a job finished long ago meanwhile stays
      await job('done-later', 400, 300);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await left()).jobs).toContain('done-later');
    } finally {
      await w.stop();
    }
  });

  it('keeps everything when the worker has no retention', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000 });
    expect(await w.purge()).toEqual({ jobs: 0, idempotencyKeys: 0 });
    expect((await left()).jobs).toContain('done-later');
  });
});
