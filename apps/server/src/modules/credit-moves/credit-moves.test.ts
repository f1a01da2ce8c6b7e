import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProviderId } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { playerExclusions, providerMaintenance } from '../../db/schema/index.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { usePromotion } from '../promotions/promotions.test-helpers.js';
import { fundCredit } from '../withdrawals/withdrawals.test-helpers.js';
import { moveCredit, readMove } from './credit-moves.test-helpers.js';

const env = useServerAndSandbox({
  WORKER_RETRY_BASE_MS: '5',
  PROVIDER_TIMEOUT_MS: '800',
  PROVIDER_ASKMEBET_PROTOCOL: 'amb',
  PROVIDER_BETFLIX_PROTOCOL: 'betflix',
});
const app = () => env.ctx.app;

async function funded(amount: bigint, provider: ProviderId = 'gclub'): Promise<TestPlayer> {
  const p = await registerPlayer(app());
  await fundCredit(app(), env.agencyId(), p, provider, amount);
  return p;
}

/** the ledger sound and in agreement with both providers; answers the two credits */
async function credits(p: TestPlayer, from: ProviderId, to: ProviderId) {
  return [await env.expectAgreement(p, from), await env.expectAgreement(p, to)];
}

const movesOf = (p: TestPlayer) =>
  queryRows<{ status: string }>(app().db, sql`SELECT status FROM credit_moves WHERE player_id = ${p.playerId}`);

describe('POST /api/v2/credit-moves', () => {
  it.each([
    ['gclub', 'alphabet'],
    ['askmebet', 'betflix'],
    ['betflix', 'askmebet'],
    ['gclub_live', 'askmebet'],
  ] as const)('moves credit from %s to %s in one step', async (from, to) => {
    const p = await funded(50_000n, from);
    const res = await moveCredit(app(), p, { fromProviderId: from, toProviderId: to, amount: '120.50' });
    expect(res.statusCode).toBe(201);
    expect(res.json().move).toMatchObject({ fromProviderId: from, toProviderId: to, amount: '120.50', status: 'DONE' });
    expect(await credits(p, from, to)).toEqual([50_000n - 12_050n, 12_050n]);
    const read = await readMove(app(), p, res.json().move.id);
    expect(read.json().move.status).toBe('DONE');
    // another player's move does not exist for them
    const other = await registerPlayer(app());
    expect((await readMove(app(), other, res.json().move.id)).statusCode).toBe(404);
  });

  it('gives the credit back to the first provider, once, when the second refuses it', async () => {
    const p = await funded(30_000n);
    await env.sandbox.providerFaults.set({ providerId: 'alphabet', operations: ['transfer'], refuse: true, count: 1 });
    const res = await moveCredit(app(), p, { fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '100' });
    await app().worker.drain({ skipBackoff: true });
    const move = (await readMove(app(), p, res.json().move.id)).json().move;
    expect(move.status).toBe('RETURNED');
    expect(await credits(p, 'gclub', 'alphabet')).toEqual([30_000n, 0n]);
    const atFirst = await env.sandbox.providerTransfers('gclub', p.playerId);
    // funded, taken out, given back: the return once
    expect(atFirst.filter((t) => t.status === 'POSTED').map((t) => [t.direction, t.amount])).toEqual([
      ['IN', 30_000n],
      ['OUT', 10_000n],
      ['IN', 10_000n],
    ]);
    const atSecond = await env.sandbox.providerTransfers('alphabet', p.playerId);
    expect(atSecond.map((t) => t.status)).toEqual(['REFUSED']);
  });

  it('keeps trying the return until the first provider takes it', async () => {
    const p = await funded(30_000n, 'betflix');
    // the second leg's answer lost (never applied at gclub): the move waits for the worker
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], fail5xx: true, count: 1 });
    const res = await moveCredit(app(), p, { fromProviderId: 'betflix', toProviderId: 'gclub', amount: '50' });
    expect(res.json().move.status).toBe('MOVING_IN');
    // then gclub refuses the credit, and Betflix the first return of it
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
    await env.sandbox.providerFaults.set({ providerId: 'betflix', operations: ['transfer'], refuse: true, count: 1 });
    for (let i = 0; i < 5; i++) await app().worker.drain({ skipBackoff: true });
    expect((await readMove(app(), p, res.json().move.id)).json().move.status).toBe('RETURNED');
    expect(await credits(p, 'betflix', 'gclub')).toEqual([30_000n, 0n]);
    expect(await checkReturns(p)).toBe(2);
  });

  it('leaves the credit at the first provider when it refuses to let it go', async () => {
    const p = await funded(30_000n);
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
    const res = await moveCredit(app(), p, { fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '100' });
    expect(res.json().move.status).toBe('FAILED');
    expect(await credits(p, 'gclub', 'alphabet')).toEqual([30_000n, 0n]);
  });

  it('answers a replayed Idempotency-Key with the same move, made once', async () => {
    const p = await funded(30_000n);
    const body = { fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '70' };
    const first = await moveCredit(app(), p, body, { 'idempotency-key': `mv-${p.playerId}` });
    const second = await moveCredit(app(), p, body, { 'idempotency-key': `mv-${p.playerId}` });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await movesOf(p)).toEqual([{ status: 'DONE' }]);
    expect(await credits(p, 'gclub', 'alphabet')).toEqual([23_000n, 7_000n]);
  });

  it('makes one move of two sent at once', async () => {
    const p = await funded(10_000n);
    const body = { fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '80' };
    const answers = await Promise.all([moveCredit(app(), p, body), moveCredit(app(), p, body)]);
    const codes = answers.map((r) => (r.statusCode === 201 ? 'ok' : r.json().error.code)).sort();
    // the second either finds the first under way or finds the credit gone
    expect(['MOVE_INSUFFICIENT_CREDIT', 'MOVE_IN_PROGRESS']).toContain(codes[0]);
    expect(codes[1]).toBe('ok');
    await app().worker.drain({ skipBackoff: true });
    expect(await movesOf(p)).toEqual([{ status: 'DONE' }]);
    expect(await credits(p, 'gclub', 'alphabet')).toEqual([2_000n, 8_000n]);
  });

  it('refuses each bad request with its rule and moves nothing', async () => {
    const p = await funded(30_000n);
    const cases: [object, number, string][] = [
      [{ fromProviderId: 'gclub', toProviderId: 'gclub', amount: '10' }, 400, 'MOVE_SAME_PROVIDER'],
      [{ fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '300.01' }, 422, 'MOVE_INSUFFICIENT_CREDIT'],
      [{ fromProviderId: 'nowhere', toProviderId: 'alphabet', amount: '10' }, 404, 'PROVIDER_NOT_FOUND'],
      [{ fromProviderId: 'gclub', toProviderId: 'nowhere', amount: '10' }, 404, 'PROVIDER_NOT_FOUND'],
      [{ fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '0' }, 400, 'VALIDATION_FAILED'],
      [{ fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '1.234' }, 400, 'VALIDATION_FAILED'],
      [{ fromProviderId: 'gclub', toProviderId: 'alphabet', amount: 10 }, 400, 'VALIDATION_FAILED'],
      [{ fromProviderId: 'gclub', amount: '10' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await moveCredit(app(), p, body);
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    const over = await moveCredit(app(), p, { fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '300.01' });
    expect(over.json().error.fields).toEqual({ available: '300.00' });
    const anonymous = await app().inject({ method: 'POST', url: '/api/v2/credit-moves', headers: { host: 'localhost' }, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await movesOf(p)).toEqual([]);
    expect(await credits(p, 'gclub', 'alphabet')).toEqual([30_000n, 0n]);
  });

  it('refuses a provider in maintenance, a promotion lock and a paused player', async () => {
    const p = await funded(30_000n);
    const body = { fromProviderId: 'gclub', toProviderId: 'alphabet', amount: '10' };
    const agencyId = env.agencyId();
    await app().db.insert(providerMaintenance).values({ agencyId, provider: 'alphabet', until: null, staffId: p.playerId });
    const down = await moveCredit(app(), p, body);
    expect([down.statusCode, down.json().error.code]).toEqual([503, 'PROVIDER_MAINTENANCE']);
    await app().db.execute(sql`DELETE FROM provider_maintenance WHERE agency_id = ${agencyId}`);

    const [promotion] = await queryRows<{ id: string }>(app().db, sql`SELECT id::text FROM promotions WHERE code = 'DAILY10'`);
    const locked = await registerPlayer(app());
    await fundCredit(app(), agencyId, locked, 'gclub', 30_000n);
    await addBank(locked);
    const taken = await usePromotion(app(), locked, promotion!.id, 'alphabet');
    expect(taken.statusCode, taken.body).toBeLessThan(300);
    const refused = await moveCredit(app(), locked, body);
    expect([refused.statusCode, refused.json().error]).toMatchObject([
      409,
      { code: 'MOVE_PROMOTION_LOCKED', fields: { providerId: 'alphabet' } },
    ]);
    // a move that leaves the locked provider alone is the player's to make
    await fundCredit(app(), agencyId, locked, 'betflix', 5_000n);
    const elsewhere = await moveCredit(app(), locked, { fromProviderId: 'betflix', toProviderId: 'gclub', amount: '10' });
    expect(elsewhere.json().move.status).toBe('DONE');

    const now = new Date();
    await app()
      .db.insert(playerExclusions)
      .values({
        agencyId,
        playerId: p.playerId,
        kind: 'cooling_off',
        period: '24h',
        startsAt: now,
        endsAt: new Date(now.getTime() + 86_400_000),
      });
    const paused = await moveCredit(app(), p, body);
    expect([paused.statusCode, paused.json().error.code]).toEqual([403, 'SELF_EXCLUDED']);
    expect(await movesOf(p)).toEqual([]);
    expect(await credits(p, 'gclub', 'alphabet')).toEqual([30_000n, 0n]);
  });
});

async function addBank(p: TestPlayer) {
  const { addBankAccount } = await import('../withdrawals/withdrawals.test-helpers.js');
  await addBankAccount(app(), p);
}

async function checkReturns(p: TestPlayer) {
  const [row] = await queryRows<{ n: number }>(
    app().db,
    sql`SELECT count(*)::int AS n FROM provider_transfers WHERE player_id = ${p.playerId} AND kind = 'move_return'`,
  );
  return row!.n;
}
