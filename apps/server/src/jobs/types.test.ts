import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { enqueue } from './queue.js';
import { enqueueJob, jobTypes } from './types.js';
import { Worker } from './worker.js';

const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as ConstructorParameters<typeof Worker>[1];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const jobsOf = (type: string) =>
  database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.type} = ${type}`)
    .orderBy(jobs.id);

describe('declared job types', () => {
  it('gives the handler the parsed payload and never runs it on a payload that does not match', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000 });
    const seen: string[] = [];
    w.handle('deposit_expiry', async ({ orderId }) => {
      seen.push(orderId);
      return { done: true };
    });
    const orderId = randomUUID();
    await enqueueJob(database.db, 'deposit_expiry', { orderId }, { uniqueKey: `t:${orderId}` });
    // written by something that skipped the declaration: another order's id field missing, a number instead
    await enqueue(database.db, { type: 'deposit_expiry', payload: { order: orderId }, uniqueKey: `t:bad:${orderId}` });
    await enqueue(database.db, { type: 'deposit_expiry', payload: { orderId: 42 }, uniqueKey: `t:num:${orderId}` });
    await w.runOnce();
    expect(seen).toEqual([orderId]);
    const rows = await jobsOf('deposit_expiry');
    expect(rows.map((r) => r.doneAt !== null)).toEqual([true, false, false]);
    for (const row of rows.slice(1)) {
      expect(row.lastError).toMatch(/^malformed payload/);
      expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    }
  });

  it('runs the matching jobs of a batch handler together, the malformed ones failed in their places', async () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000 });
    const batches: string[][] = [];
    w.handleBatch('provider_transfer', async (list) => {
      batches.push(list.map((j) => j.payload.transferId));
      return list.map(() => ({ done: true }));
    });
    const [a, b] = [randomUUID(), randomUUID()];
    await enqueueJob(database.db, 'provider_transfer', { transferId: a }, { uniqueKey: `t:${a}` });
    await enqueue(database.db, { type: 'provider_transfer', payload: { transferId: 'not-a-uuid' }, uniqueKey: `t:bad` });
    await enqueueJob(database.db, 'provider_transfer', { transferId: b }, { uniqueKey: `t:${b}` });
    await w.runOnce();
    expect(batches).toEqual([[a, b]]);
    expect((await jobsOf('provider_transfer')).map((r) => r.doneAt !== null)).toEqual([true, false, true]);
  });

  it('refuses to enqueue a payload that does not match its declaration', async () => {
    await expect(
      enqueueJob(database.db, 'withdraw_return_retry', { withdrawalId: randomUUID(), attempt: -1 }, { uniqueKey: `t:${randomUUID()}` }),
    ).rejects.toThrow();
    expect(await jobsOf('withdraw_return_retry')).toEqual([]);
  });

  it('names the declared types that have no handler', () => {
    const w = new Worker(database.db, quiet, { pollMs: 60_000, retryBaseMs: 1000 });
    expect(() => w.assertEveryTypeHandled()).toThrow(jobTypes.join(', '));
    for (const type of jobTypes) if (type !== 'provider_transfer') w.handle(type, async () => ({ done: true }));
    expect(() => w.assertEveryTypeHandled()).toThrow(/without a handler: provider_transfer$/);
    w.handleBatch('provider_transfer', async (list) => list.map(() => ({ done: true })));
    expect(() => w.assertEveryTypeHandled()).not.toThrow();
  });
});
