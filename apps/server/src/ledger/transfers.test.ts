import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { providerTransfers } from '../db/schema/index.js';
import { balanceOf, InsufficientFundsError, playerCredit } from './ledger.js';
import { useTransfers } from './transfers.test-helpers.js';

const { env, timeoutAfterCommitOnce, agencyId, settled, exchange, newPlayer, request, statusOf } = useTransfers();

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
    await timeoutAfterCommitOnce();
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
});
