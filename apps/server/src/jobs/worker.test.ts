import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { claimDue, enqueue } from './queue.js';
import { Worker } from './worker.js';

const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as ConstructorParameters<typeof Worker>[1];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function enqueueMany(type: string, n: number) {
  for (let i = 0; i < n; i++) await enqueue(database.db, { type, payload: { i }, uniqueKey: `${type}:${i}` });
}

async function doneCount(type: string) {
  const rows = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(sql`${jobs.type} = ${type} AND ${jobs.doneAt} IS NOT NULL`);
  return Number(rows[0]!.n);
}

describe('job worker', () => {
  it('claims a batch in one statement: the attempt counted, the lease taken, attempts answered as before the claim', async () => {
    await enqueueMany('claim-shape', 3);
    const claimed = (await claimDue(database.db, 50, 60_000)).filter((j) => j.type === 'claim-shape');
    expect(claimed).toHaveLength(3);
    for (const j of claimed) expect(j.attempts).toBe(0);
    expect(claimed.map((j) => j.payload.i).sort()).toEqual([0, 1, 2]);
    // leased: not due again until the lease ends
    expect((await claimDue(database.db, 50, 60_000)).filter((j) => j.type === 'claim-shape')).toHaveLength(0);
    const rows = await database.db
      .select({ attempts: jobs.attempts })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          claimed.map((j) => j.id),
        ),
      );
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it('runs every job exactly once with two workers claiming small batches at the same time, and marks them done', async () => {
    const runs = new Map<number, number>();
    const handler = async (job: { payload: Record<string, unknown> }) => {
      const i = Number(job.payload.i);
      runs.set(i, (runs.get(i) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, Math.random() * 5));
      return { done: true as const };
    };
    const workers = [0, 1].map(() => {
      const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000, batch: 4 });
      w.register('race', handler);
      return w;
    });
    await enqueueMany('race', 40);
    for (let round = 0; round < 40; round++) {
      const [a, b] = await Promise.all(workers.map((w) => w.runOnce()));
      if (a === 0 && b === 0) break;
    }
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(await doneCount('race')).toBe(40);
  });

  it('leaves a job that asks for a retry undone while the others of its batch are marked done', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000 });
    w.register('mixed', async (job) => (job.payload.i === 1 ? { done: false, retryInMs: 60_000, error: 'later' } : { done: true }));
    await enqueueMany('mixed', 3);
    await w.runOnce();
    expect(await doneCount('mixed')).toBe(2);
    const [retry] = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = 'mixed' AND ${jobs.doneAt} IS NULL`);
    expect(retry?.lastError).toBe('later');
  });

  it('hands a batch handler every claimed job of its type at once, and reschedules them all when it throws', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000, batch: 50 });
    const seen: number[][] = [];
    w.registerBatch('together', async (batch) => {
      seen.push(batch.map((j) => Number(j.payload.i)).sort((a, b) => a - b));
      return batch.map((j) =>
        j.payload.i === 2 ? { done: false as const, retryInMs: 60_000, error: 'two later' } : { done: true as const },
      );
    });
    let calls = 0;
    w.registerBatch('broken', async () => {
      calls++;
      throw new Error('the whole batch failed');
    });
    await enqueueMany('together', 4);
    await enqueueMany('broken', 3);
    await w.runOnce();
    expect(seen).toEqual([[0, 1, 2, 3]]);
    expect(calls).toBe(1);
    expect(await doneCount('together')).toBe(3);
    expect(await doneCount('broken')).toBe(0);
    const broken = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = 'broken'`);
    for (const job of broken) {
      expect(job.lastError).toBe('the whole batch failed');
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('retries only the job whose one-at-a-time handler threw, not the others of its batch', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000 });
    w.register('one-throws', async (job) => {
      if (job.payload.i === 0) throw new Error('zero fails');
      return { done: true };
    });
    await enqueueMany('one-throws', 3);
    await w.runOnce();
    expect(await doneCount('one-throws')).toBe(2);
    const [failed] = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = 'one-throws' AND ${jobs.doneAt} IS NULL`);
    expect(failed?.lastError).toBe('zero fails');
  });

  it('runs a job at once when woken after its commit, not at the next poll', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000 });
    let ran = 0;
    let resolve!: () => void;
    const seen = new Promise<void>((r) => (resolve = r));
    w.register('wake', async () => {
      ran++;
      resolve();
      return { done: true };
    });
    w.start();
    try {
      w.wake(); // nothing due yet: an empty round, then back to the (one-minute) poll
      await new Promise((r) => setTimeout(r, 100));
      await enqueueMany('wake', 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(ran).toBe(0); // not polled within the minute
      w.wake();
      await Promise.race([seen, new Promise((_, reject) => setTimeout(() => reject(new Error('not run within 5 s of wake()')), 5_000))]);
      expect(ran).toBe(1);
    } finally {
      await w.stop();
    }
  });

  it('does nothing when woken while stopped', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 10, retryBaseMs: 1000 });
    let ran = 0;
    w.register('stopped', async () => {
      ran++;
      return { done: true };
    });
    await enqueueMany('stopped', 1);
    w.wake();
    await new Promise((r) => setTimeout(r, 100));
    expect(ran).toBe(0);
    await w.drain();
    expect(ran).toBe(1);
  });

  it('runs its upkeep every so often while started, and again after one that failed', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 10, retryBaseMs: 1000 });
    const runs: number[] = [];
    let failures = 0;
    w.every('counted', 50, async () => {
      runs.push(Date.now());
      if (runs.length === 1) {
        failures++;
        throw new Error('first one fails');
      }
    });
    await w.drain();
    expect(runs).toHaveLength(0); // not a round of jobs: only the started worker keeps up
    const started = Date.now();
    w.start();
    try {
      await new Promise((r) => setTimeout(r, 600));
    } finally {
      await w.stop();
    }
    expect(failures).toBe(1);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]! - started).toBeGreaterThanOrEqual(45);
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(45);
    const stoppedAt = runs.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(runs).toHaveLength(stoppedAt);
  });
});
