import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../db/schema/index.js';
import { makeAllDue } from '../jobs/queue.js';
import { useTransfers } from './transfers.test-helpers.js';

const { env, timeoutAfterCommitOnce, newPlayer, transferParams, statusOf } = useTransfers();

describe('provider transfers dispatched by the committing process (docs/decisions/024)', () => {
  async function requestDispatched(p: ReturnType<typeof newPlayer>, amount: bigint) {
    const params = await transferParams(p, 'IN', amount);
    const [requested] = await env.ctx.app.db.transaction((tx) =>
      env.ctx.app.transfers.requestMany(tx, [{ params }], [], { dispatch: true }),
    );
    return requested!.transfer;
  }
  const jobOf = async (id: string) =>
    (
      await env.ctx.app.db
        .select()
        .from(jobs)
        .where(eq(jobs.uniqueKey, `transfer:${id}`))
    )[0];

  it('posts at once, settles with its job removed, and leaves the worker nothing', async () => {
    const p = newPlayer();
    const transfer = await requestDispatched(p, 4_000n);
    // its first attempt is counted, and its job waits out the worker's lease (5 s, renewed while dispatching: decision 060)
    expect(transfer.attempts).toBe(1);
    expect((await jobOf(transfer.id))!.runAt.getTime()).toBeGreaterThan(Date.now() + 2_000);
    env.ctx.app.transfers.dispatch([transfer]);
    await env.ctx.app.transfers.idle();
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    // removed by the statement that settled it (decision 193): nothing left for the worker or the purge
    expect(await jobOf(transfer.id)).toBeUndefined();
    await makeAllDue(env.ctx.app.db);
    expect(await env.ctx.app.worker.drain()).toBe(0);
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(4_000n);
    await env.expectAgreement(p);
  });

  it('is taken over by the worker when the process died before telling the provider: asked first, sent once', async () => {
    const p = newPlayer();
    const transfer = await requestDispatched(p, 6_000n);
    // no dispatch (the process is gone); the lease runs out
    await makeAllDue(env.ctx.app.db);
    await env.ctx.app.worker.drain();
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(6_000n);
    await env.expectAgreement(p);
  });

  it('leaves an unknown answer to the worker with backoff, which finds it applied and posts it once', async () => {
    const p = newPlayer();
    await timeoutAfterCommitOnce();
    const transfer = await requestDispatched(p, 2_500n);
    env.ctx.app.transfers.dispatch([transfer]);
    await env.ctx.app.transfers.idle();
    expect(await statusOf(transfer.reference)).toBe('PENDING');
    const job = (await jobOf(transfer.id))!;
    expect([job.doneAt, job.lastError !== null, job.runAt.getTime() < Date.now() + 30_000]).toEqual([null, true, true]);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(2_500n);
    await env.expectAgreement(p);
  });
});
