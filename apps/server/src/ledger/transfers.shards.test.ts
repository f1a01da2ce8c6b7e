import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { providerTransfers } from '../db/schema/index.js';
import { enqueue } from '../jobs/queue.js';
import { TEST_KIND } from '../test/transfer-kinds.js';
import { balanceOf, ensureAccount, houseAccount, houseShard, playerCredit, post } from './ledger.js';
import { TRANSFER_JOB } from './transfers/index.js';
import { useTransfers } from './transfers.test-helpers.js';

const { env, agencyId, exchange, newPlayer, request, statusOf } = useTransfers();

describe('provider transfers and house shards', () => {
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
});
