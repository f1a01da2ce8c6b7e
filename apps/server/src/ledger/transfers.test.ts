import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, providerTransfers } from '../db/schema/index.js';
import { enqueue, makeAllDue } from '../jobs/queue.js';
import { useServerAndSandbox } from '../test/server-and-sandbox.js';
import { settleTestKind, TEST_KIND } from '../test/transfer-kinds.js';
import { balanceOf, ensureAccount, houseAccount, houseShard, InsufficientFundsError, playerCredit, post } from './ledger.js';
import { TRANSFER_JOB, type Settlement, type TransferParams } from './transfers/index.js';

const settled: { reference: string; outcome: Settlement }[] = [];

const env = useServerAndSandbox({ PROVIDER_TIMEOUT_MS: '300', WORKER_RETRY_BASE_MS: '5' });
beforeAll(async () => {
  settleTestKind(env.ctx.app, TEST_KIND, async (_tx, t, outcome) => {
    settled.push({ reference: t.reference, outcome });
  });
});
beforeEach(() => env.sandbox.providerFaults.reset());

const { agencyId } = env;
const exchange = () => ensureAccount(env.ctx.app.db, { agencyId: agencyId(), type: 'EXCHANGE', currency: 'THB' });
const payable = () => ensureAccount(env.ctx.app.db, { agencyId: agencyId(), type: 'WITHDRAWALS_PAYABLE', currency: 'THB' });

function newPlayer() {
  const playerId = randomUUID();
  return { playerId, username: `p${playerId.slice(0, 8)}` };
}

async function request(p: ReturnType<typeof newPlayer>, direction: 'IN' | 'OUT', amount: bigint, reference = randomUUID()) {
  const counterAccountId = direction === 'IN' ? await exchange() : await payable();
  const params: TransferParams = {
    agencyId: agencyId(),
    ...p,
    providerId: 'gclub',
    direction,
    amount,
    reference,
    kind: TEST_KIND,
    counterAccountId,
  };
  return env.ctx.app.db.transaction((tx) => env.ctx.app.transfers.request(tx, params));
}

async function statusOf(reference: string) {
  const [t] = await env.ctx.app.db.select().from(providerTransfers).where(eq(providerTransfers.reference, reference));
  return t!.status;
}

describe('provider transfers', () => {
  it('posts a transfer in: the credit reaches the player at the provider and in the ledger', async () => {
    const p = newPlayer();
    const { transfer } = await request(p, 'IN', 10_000n);
    expect(transfer.status).toBe('PENDING');
    await env.ctx.app.worker.drain();
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    expect(await playerCredit(env.ctx.app.db, agencyId(), p.playerId, 'gclub')).toBe(10_000n);
    expect(settled).toContainEqual({ reference: transfer.reference, outcome: 'POSTED' });
    await env.expectAgreement(p);
  });

  it('ends posted after reconciliation when the provider times out after committing', async () => {
    const p = newPlayer();
    await env.sandbox.providerFaults.set({
      providerId: 'gclub',
      operations: ['transfer'],
      timeoutAfterCommit: true,
      holdMs: 3000,
      count: 1,
    });
    const { transfer } = await request(p, 'IN', 5_000n);
    await env.ctx.app.worker.runOnce();
    // the provider applied it, we do not know yet: still pending, nothing refunded
    expect(await statusOf(transfer.reference)).toBe('PENDING');
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(5_000n);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    await env.expectAgreement(p);
  });

  it('voids a transfer the provider refused and gives the amount back to where it came from', async () => {
    const p = newPlayer();
    const ex = await exchange();
    const before = await balanceOf(env.ctx.app.db, ex);
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
    const { transfer } = await request(p, 'IN', 7_000n);
    await env.ctx.app.worker.drain();
    expect(await statusOf(transfer.reference)).toBe('VOIDED');
    expect(await balanceOf(env.ctx.app.db, ex)).toBe(before);
    expect(settled).toContainEqual({ reference: transfer.reference, outcome: 'VOIDED' });
    await env.expectAgreement(p);
  });

  it('settles a batch of answers in one worker round, each as it would alone: posted, refused, and unknown until asked again', async () => {
    const players = [newPlayer(), newPlayer(), newPlayer()];
    const ex = await exchange();
    const before = await balanceOf(env.ctx.app.db, ex);
    const requested = await Promise.all(players.map((p) => request(p, 'IN', 4_000n)));
    // of the three calls in the batch, one is refused and one answered 500 (unknown); which ones is up to timing
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], fail5xx: true, count: 1 });
    await env.ctx.app.worker.runOnce();
    const after = await Promise.all(requested.map(({ transfer }) => statusOf(transfer.reference)));
    expect([...after].sort()).toEqual(['PENDING', 'POSTED', 'VOIDED']);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    const final = await Promise.all(requested.map(({ transfer }) => statusOf(transfer.reference)));
    expect([...final].sort()).toEqual(['POSTED', 'POSTED', 'VOIDED']);
    // the refused one's amount is back at the exchange; the two posted left it
    expect(await balanceOf(env.ctx.app.db, ex)).toBe(before - 8_000n);
    for (const { transfer } of requested) expect(settled.filter((s) => s.reference === transfer.reference)).toHaveLength(1);
    for (const p of players) await env.expectAgreement(p);
  });

  it('moves money once for a retried reference', async () => {
    const p = newPlayer();
    const reference = randomUUID();
    const first = await request(p, 'IN', 3_000n, reference);
    const again = await request(p, 'IN', 3_000n, reference);
    expect(again.duplicate).toBe(true);
    expect(again.transfer.id).toBe(first.transfer.id);
    await env.ctx.app.worker.drain();
    // and the provider applies the reference once even when we send it again
    await env.ctx.app.transfers.process(first.transfer.id);
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(3_000n);
    await env.expectAgreement(p);
  });

  it('keeps retrying through 5xx answers and maintenance until it knows', async () => {
    const p = newPlayer();
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer', 'status'], fail5xx: true, count: 3 });
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['status'], maintenance: true, count: 1 });
    const { transfer } = await request(p, 'IN', 2_500n);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    await env.expectAgreement(p);
  });

  it('refuses an OUT larger than the credit before calling the provider', async () => {
    const p = newPlayer();
    await expect(request(p, 'OUT', 1n)).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('keeps every invariant under 50 concurrent transfers on one player, with faults', async () => {
    const p = newPlayer();
    await request(p, 'IN', 100_000n);
    await env.ctx.app.worker.drain();
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], fail5xx: true, probability: 0.3 });
    await env.sandbox.providerFaults.set({
      providerId: 'gclub',
      operations: ['transfer'],
      timeoutAfterCommit: true,
      holdMs: 1000,
      probability: 0.2,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => request(p, i % 2 === 0 ? 'OUT' : 'IN', i % 2 === 0 ? 7_000n : 1_000n)),
    );
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    const requested = results.filter((r) => r.status === 'fulfilled').length;
    expect(requested).toBeGreaterThan(25);
    await env.ctx.app.worker.drain({ skipBackoff: true, maxRounds: 200 });
    await env.sandbox.providerFaults.reset();
    await env.ctx.app.worker.drain({ skipBackoff: true, maxRounds: 50 });
    const pending = await env.ctx.app.db.select().from(providerTransfers).where(eq(providerTransfers.status, 'PENDING'));
    expect(pending).toEqual([]);
    await env.expectAgreement(p);
  });

  it('books wins and losses made at the provider before credit is taken out, and not while a transfer is pending', async () => {
    const p = newPlayer();
    await request(p, 'IN', 10_000n);
    await env.ctx.app.worker.drain();
    await env.sandbox.providerBet('gclub', p.playerId, 2_000n, 6_000n); // a net win of 40 THB
    const providerBalance = (await env.sandbox.providerBalance('gclub', p.playerId))!;
    const version = await env.ctx.app.transfers.creditVersion(env.ctx.app.db, agencyId(), p.playerId, 'gclub');
    const sync = (v: bigint) =>
      env.ctx.app.db.transaction((tx) =>
        env.ctx.app.transfers.syncCredit(tx, {
          agencyId: agencyId(),
          playerId: p.playerId,
          providerId: 'gclub',
          providerBalance,
          versionSeen: v,
          reference: `sync:${randomUUID()}`,
        }),
      );
    await request(p, 'IN', 1_000n); // pending: the provider's figure cannot be trusted yet
    expect(await sync(version)).toBe(false);
    await env.ctx.app.worker.drain();
    const fresh = (await env.sandbox.providerBalance('gclub', p.playerId))!;
    const v2 = await env.ctx.app.transfers.creditVersion(env.ctx.app.db, agencyId(), p.playerId, 'gclub');
    expect(
      await env.ctx.app.db.transaction((tx) =>
        env.ctx.app.transfers.syncCredit(tx, {
          agencyId: agencyId(),
          playerId: p.playerId,
          providerId: 'gclub',
          providerBalance: fresh,
          versionSeen: v2,
          reference: `sync:${randomUUID()}`,
        }),
      ),
    ).toBe(true);
    expect(await playerCredit(env.ctx.app.db, agencyId(), p.playerId, 'gclub')).toBe(15_000n);
    expect(await sync(v2)).toBe(false); // the account moved since v2 was read
    await env.expectAgreement(p);
  });

  it("reserves on the in-flight copy of the player's shard and settles from that same account", async () => {
    const p = newPlayer();
    let q = newPlayer();
    while (houseShard(q.playerId) === houseShard(p.playerId)) q = newPlayer();
    const [a, b] = [await request(p, 'IN', 1_000n), await request(q, 'IN', 2_000n)];
    const inFlightOf = (x: typeof p) =>
      houseAccount(env.ctx.app.db, {
        agencyId: agencyId(),
        playerId: x.playerId,
        type: 'TRANSFER_IN_FLIGHT',
        currency: 'THB',
        providerId: 'gclub',
      });
    expect(a.transfer.inFlightAccountId).toBe(await inFlightOf(p));
    expect(b.transfer.inFlightAccountId).toBe(await inFlightOf(q));
    expect(a.transfer.inFlightAccountId).not.toBe(b.transfer.inFlightAccountId);
    expect(await balanceOf(env.ctx.app.db, (await inFlightOf(q))!)).toBe(2_000n);
    await env.ctx.app.worker.drain();
    expect(await balanceOf(env.ctx.app.db, (await inFlightOf(p))!)).toBe(0n);
    expect(await balanceOf(env.ctx.app.db, (await inFlightOf(q))!)).toBe(0n);
    await env.expectAgreement(p);
    await env.expectAgreement(q);
  });

  it('settles a transfer requested before house shards from the unsplit in-flight account it reserved on', async () => {
    // what request() wrote before migration 0009: the reservation on shard 0, no account on the row
    const p = newPlayer();
    const reference = randomUUID();
    const legacy = await ensureAccount(env.ctx.app.db, {
      agencyId: agencyId(),
      type: 'TRANSFER_IN_FLIGHT',
      currency: 'THB',
      providerId: 'gclub',
    });
    const before = await balanceOf(env.ctx.app.db, legacy);
    const transferId = randomUUID();
    const counter = await exchange();
    await env.ctx.app.db.transaction(async (tx) => {
      await post(tx, {
        agencyId: agencyId(),
        reference: `transfer:${reference}:pending`,
        kind: 'test:pending',
        entries: [{ from: counter, to: legacy, currency: 'THB', amount: 3_000n }],
      });
      await tx.insert(providerTransfers).values({
        id: transferId,
        agencyId: agencyId(),
        ...p,
        playerUsername: p.username,
        providerId: 'gclub',
        direction: 'IN',
        amount: 3_000n,
        reference,
        kind: TEST_KIND,
        counterAccountId: counter,
      });
      await enqueue(tx, { type: TRANSFER_JOB, payload: { transferId }, uniqueKey: `transfer:${transferId}` });
    });
    await env.ctx.app.worker.drain();
    expect(await statusOf(reference)).toBe('POSTED');
    expect(await balanceOf(env.ctx.app.db, legacy)).toBe(before);
    expect(await playerCredit(env.ctx.app.db, agencyId(), p.playerId, 'gclub')).toBe(3_000n);
    await env.expectAgreement(p);
  });

  describe('dispatched by the committing process (docs/decisions/024)', () => {
    async function requestDispatched(p: ReturnType<typeof newPlayer>, amount: bigint) {
      const params: TransferParams = {
        agencyId: agencyId(),
        ...p,
        providerId: 'gclub',
        direction: 'IN',
        amount,
        reference: randomUUID(),
        kind: TEST_KIND,
        counterAccountId: await exchange(),
      };
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
      )[0]!;

    it('posts at once, settles with its job done, and leaves the worker nothing', async () => {
      const p = newPlayer();
      const transfer = await requestDispatched(p, 4_000n);
      // its first attempt is counted, and its job waits out the worker's lease (5 s, renewed while dispatching: decision 060)
      expect(transfer.attempts).toBe(1);
      expect((await jobOf(transfer.id)).runAt.getTime()).toBeGreaterThan(Date.now() + 2_000);
      env.ctx.app.transfers.dispatch([transfer]);
      await env.ctx.app.transfers.idle();
      expect(await statusOf(transfer.reference)).toBe('POSTED');
      expect((await jobOf(transfer.id)).doneAt).not.toBeNull();
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
      await env.sandbox.providerFaults.set({
        providerId: 'gclub',
        operations: ['transfer'],
        timeoutAfterCommit: true,
        holdMs: 3000,
        count: 1,
      });
      const transfer = await requestDispatched(p, 2_500n);
      env.ctx.app.transfers.dispatch([transfer]);
      await env.ctx.app.transfers.idle();
      expect(await statusOf(transfer.reference)).toBe('PENDING');
      const job = await jobOf(transfer.id);
      expect([job.doneAt, job.lastError !== null, job.runAt.getTime() < Date.now() + 30_000]).toEqual([null, true, true]);
      await env.ctx.app.worker.drain({ skipBackoff: true });
      expect(await statusOf(transfer.reference)).toBe('POSTED');
      expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(2_500n);
      await env.expectAgreement(p);
    });
  });
});
