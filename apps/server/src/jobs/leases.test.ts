import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { enqueue } from './queue.js';
import { Leases } from './leases.js';

const quiet = { warn: () => {} } as unknown as ConstructorParameters<typeof Leases>[1];
const LEASE_MS = 600_000;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** jobs due in the past, by key; their ids */
async function pastJobs(prefix: string, n: number): Promise<Map<string, number>> {
  const keys = Array.from({ length: n }, (_, i) => `${prefix}:${i}`);
  for (const key of keys)
    await enqueue(database.db, { type: 'lease-test', payload: {}, uniqueKey: key, runAt: new Date(Date.now() - 60_000) });
  const rows = await database.db.select({ id: jobs.id, key: jobs.uniqueKey }).from(jobs).where(inArray(jobs.uniqueKey, keys));
  return new Map(rows.map((r) => [r.key!, r.id]));
}

async function leasedKeys(keys: string[]): Promise<string[]> {
  const rows = await database.db.select({ key: jobs.uniqueKey, runAt: jobs.runAt }).from(jobs).where(inArray(jobs.uniqueKey, keys));
  // pushed a lease ahead (10 minutes): more than a minute from now
  return rows
    .filter((r) => r.runAt.getTime() > Date.now() + 60_000)
    .map((r) => r.key!)
    .sort();
}

describe('job leases (docs/decisions/060-short-leases.md)', () => {
  it('renews the jobs held by id and by key, not the others, and none that is done', async () => {
    const ids = await pastJobs('renew', 4);
    const leases = new Leases(database.db, quiet, LEASE_MS);
    leases.hold({ ids: [ids.get('renew:0')!], keys: ['renew:1', 'renew:3'] });
    await database.db
      .update(jobs)
      .set({ doneAt: new Date() })
      .where(inArray(jobs.uniqueKey, ['renew:3']));
    await leases.renew();
    expect(await leasedKeys([...ids.keys()])).toEqual(['renew:0', 'renew:1']);
    leases.close();
  });

  it('pushes only the held jobs with less than two renewal periods left, and leaves the others unwritten', async () => {
    const leases = new Leases(database.db, quiet, LEASE_MS);
    const at = (ms: number) => new Date(Date.now() + ms);
    // a job just held (a lease ahead) and one held for longer (its run_at within two periods)
    await enqueue(database.db, { type: 'lease-test', payload: {}, uniqueKey: 'fresh', runAt: at(LEASE_MS - 1_000) });
    await enqueue(database.db, { type: 'lease-test', payload: {}, uniqueKey: 'ageing', runAt: at(2 * leases.periodMs - 5_000) });
    const versions = async () =>
      new Map(
        (
          await queryRows<{ key: string; xmin: string; run_at: Date }>(
            database.db,
            sql`SELECT unique_key AS key, xmin::text AS xmin, run_at FROM jobs WHERE unique_key IN ('fresh', 'ageing')`,
          )
        ).map((r) => [r.key, r]),
      );
    const before = await versions();
    leases.hold({ keys: ['fresh', 'ageing'] });
    await leases.renew();
    const after = await versions();
    expect(after.get('fresh')!.xmin).toBe(before.get('fresh')!.xmin);
    expect(after.get('ageing')!.xmin).not.toBe(before.get('ageing')!.xmin);
    expect(new Date(after.get('ageing')!.run_at).getTime()).toBeGreaterThan(Date.now() + LEASE_MS - 60_000);
    leases.close();
  });

  // a second connection holding a row lock needs a server: PGlite runs one statement at a time
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'skips a held job whose row another transaction has locked instead of waiting for it, and renews it next time',
    async () => {
      const ids = await pastJobs('locked', 3);
      const leases = new Leases(database.db, quiet, LEASE_MS);
      leases.hold({ keys: [...ids.keys()] });
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT id FROM jobs WHERE id = $1 FOR UPDATE', [ids.get('locked:1')]);
        const renewed = await Promise.race([
          leases.renew().then(() => 'renewed'),
          new Promise((resolve) => setTimeout(() => resolve('waited on the lock'), 3000)),
        ]);
        expect(renewed).toBe('renewed');
        expect(await leasedKeys([...ids.keys()])).toEqual(['locked:0', 'locked:2']);
        await other.query('ROLLBACK');
        await leases.renew();
        expect(await leasedKeys([...ids.keys()])).toEqual(['locked:0', 'locked:1', 'locked:2']);
      } finally {
        await other.end();
        leases.close();
      }
    },
  );
});
