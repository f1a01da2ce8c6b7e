import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { providerTransfers } from '../db/schema/index.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { startSandbox, type TestSandbox } from '../test/sandbox.js';
import { checkLedger } from './check.js';
import { balanceOf, ensureAccount, InsufficientFundsError, playerCredit } from './ledger.js';
import type { Settlement, TransferParams } from './transfers.js';

let sandbox: TestSandbox;
let ctx: TestContext;
const settled: { reference: string; outcome: Settlement }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  ctx = await createTestApp({ ...sandbox.serverOverrides, PROVIDER_TIMEOUT_MS: '300', WORKER_RETRY_BASE_MS: '5' });
  ctx.app.transfers.onSettled('test', async (_tx, t, outcome) => {
    settled.push({ reference: t.reference, outcome });
  });
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});
beforeEach(() => sandbox.providerFaults.reset());

const agencyId = () => ctx.database.agencyId;
const exchange = () => ensureAccount(ctx.app.db, { agencyId: agencyId(), type: 'EXCHANGE', currency: 'THB' });
const payable = () => ensureAccount(ctx.app.db, { agencyId: agencyId(), type: 'WITHDRAWALS_PAYABLE', currency: 'THB' });

function newPlayer() {
  const playerId = randomUUID();
  return { playerId, username: `p${playerId.slice(0, 8)}` };
}

async function request(p: ReturnType<typeof newPlayer>, direction: 'IN' | 'OUT', amount: bigint, reference = randomUUID()) {
  const counterAccountId = direction === 'IN' ? await exchange() : await payable();
  const params: TransferParams = { agencyId: agencyId(), ...p, providerId: 'gclub', direction, amount, reference, kind: 'test', counterAccountId };
  return ctx.app.db.transaction((tx) => ctx.app.transfers.request(tx, params));
}

async function statusOf(reference: string) {
  const [t] = await ctx.app.db.select().from(providerTransfers).where(eq(providerTransfers.reference, reference));
  return t!.status;
}

async function expectAgreement(p: ReturnType<typeof newPlayer>) {
  const ledger = await playerCredit(ctx.app.db, agencyId(), p.playerId, 'gclub');
  expect((await sandbox.providerBalance('gclub', p.playerId)) ?? 0n).toBe(ledger);
  expect(await checkLedger(ctx.app.db)).toEqual([]);
}

describe('provider transfers', () => {
  it('posts a transfer in: the credit reaches the player at the provider and in the ledger', async () => {
    const p = newPlayer();
    const { transfer } = await request(p, 'IN', 10_000n);
    expect(transfer.status).toBe('PENDING');
    await ctx.app.worker.drain();
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    expect(await playerCredit(ctx.app.db, agencyId(), p.playerId, 'gclub')).toBe(10_000n);
    expect(settled).toContainEqual({ reference: transfer.reference, outcome: 'POSTED' });
    await expectAgreement(p);
  });

  it('ends posted after reconciliation when the provider times out after committing', async () => {
    const p = newPlayer();
    await sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], timeoutAfterCommit: true, holdMs: 3000, count: 1 });
    const { transfer } = await request(p, 'IN', 5_000n);
    await ctx.app.worker.runOnce();
    // the provider applied it, we do not know yet: still pending, nothing refunded
    expect(await statusOf(transfer.reference)).toBe('PENDING');
    expect(await sandbox.providerBalance('gclub', p.playerId)).toBe(5_000n);
    await ctx.app.worker.drain({ skipBackoff: true });
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    await expectAgreement(p);
  });

  it('voids a transfer the provider refused and gives the amount back to where it came from', async () => {
    const p = newPlayer();
    const ex = await exchange();
    const before = await balanceOf(ctx.app.db, ex);
    await sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
    const { transfer } = await request(p, 'IN', 7_000n);
    await ctx.app.worker.drain();
    expect(await statusOf(transfer.reference)).toBe('VOIDED');
    expect(await balanceOf(ctx.app.db, ex)).toBe(before);
    expect(settled).toContainEqual({ reference: transfer.reference, outcome: 'VOIDED' });
    await expectAgreement(p);
  });

  it('moves money once for a retried reference', async () => {
    const p = newPlayer();
    const reference = randomUUID();
    const first = await request(p, 'IN', 3_000n, reference);
    const again = await request(p, 'IN', 3_000n, reference);
    expect(again.duplicate).toBe(true);
    expect(again.transfer.id).toBe(first.transfer.id);
    await ctx.app.worker.drain();
    // and the provider applies the reference once even when we send it again
    await ctx.app.transfers.process(first.transfer.id);
    expect(await sandbox.providerBalance('gclub', p.playerId)).toBe(3_000n);
    await expectAgreement(p);
  });

  it('keeps retrying through 5xx answers and maintenance until it knows', async () => {
    const p = newPlayer();
    await sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer', 'status'], fail5xx: true, count: 3 });
    await sandbox.providerFaults.set({ providerId: 'gclub', operations: ['status'], maintenance: true, count: 1 });
    const { transfer } = await request(p, 'IN', 2_500n);
    await ctx.app.worker.drain({ skipBackoff: true });
    expect(await statusOf(transfer.reference)).toBe('POSTED');
    await expectAgreement(p);
  });

  it('refuses an OUT larger than the credit before calling the provider', async () => {
    const p = newPlayer();
    await expect(request(p, 'OUT', 1n)).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('keeps every invariant under 50 concurrent transfers on one player, with faults', async () => {
    const p = newPlayer();
    await request(p, 'IN', 100_000n);
    await ctx.app.worker.drain();
    await sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], fail5xx: true, probability: 0.3 });
    await sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], timeoutAfterCommit: true, holdMs: 1000, probability: 0.2 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => request(p, i % 2 === 0 ? 'OUT' : 'IN', i % 2 === 0 ? 7_000n : 1_000n)),
    );
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    const requested = results.filter((r) => r.status === 'fulfilled').length;
    expect(requested).toBeGreaterThan(25);
    await ctx.app.worker.drain({ skipBackoff: true, maxRounds: 200 });
    await sandbox.providerFaults.reset();
    await ctx.app.worker.drain({ skipBackoff: true, maxRounds: 50 });
    const pending = await ctx.app.db.select().from(providerTransfers).where(eq(providerTransfers.status, 'PENDING'));
    expect(pending).toEqual([]);
    await expectAgreement(p);
  });

  it('books wins and losses made at the provider before credit is taken out, and not while a transfer is pending', async () => {
    const p = newPlayer();
    await request(p, 'IN', 10_000n);
    await ctx.app.worker.drain();
    await sandbox.providerBet('gclub', p.playerId, 2_000n, 6_000n); // a net win of 40 THB
    const providerBalance = (await sandbox.providerBalance('gclub', p.playerId))!;
    const version = await ctx.app.transfers.creditVersion(ctx.app.db, agencyId(), p.playerId, 'gclub');
    const sync = (v: bigint) =>
      ctx.app.db.transaction((tx) =>
        ctx.app.transfers.syncCredit(tx, { agencyId: agencyId(), playerId: p.playerId, providerId: 'gclub', providerBalance, versionSeen: v, reference: `sync:${randomUUID()}` }),
      );
    await request(p, 'IN', 1_000n); // pending: the provider's figure cannot be trusted yet
    expect(await sync(version)).toBe(false);
    await ctx.app.worker.drain();
    const fresh = (await sandbox.providerBalance('gclub', p.playerId))!;
    const v2 = await ctx.app.transfers.creditVersion(ctx.app.db, agencyId(), p.playerId, 'gclub');
    expect(
      await ctx.app.db.transaction((tx) =>
        ctx.app.transfers.syncCredit(tx, { agencyId: agencyId(), playerId: p.playerId, providerId: 'gclub', providerBalance: fresh, versionSeen: v2, reference: `sync:${randomUUID()}` }),
      ),
    ).toBe(true);
    expect(await playerCredit(ctx.app.db, agencyId(), p.playerId, 'gclub')).toBe(15_000n);
    expect(await sync(v2)).toBe(false); // the account moved since v2 was read
    await expectAgreement(p);
  });
});
