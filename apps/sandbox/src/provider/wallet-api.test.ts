import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, newPlayer, newRef, signed, startProvider, transfer } from './test-helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startProvider();
}, 60_000);
afterAll(() => app.close());

describe('provider wallet API', () => {
  it('applies a reference once: a repeat answers the first result and moves nothing', async () => {
    const player = newPlayer();
    const reference = newRef();
    const first = await transfer(app, 'gclub', { ...player, reference, direction: 'IN', amount: '100.50' });
    expect(first.statusCode).toBe(200);
    expect(first.json().transfer).toMatchObject({ reference, status: 'POSTED', amount: '100.50', balance: '100.50' });
    const again = await transfer(app, 'gclub', { ...player, reference, direction: 'IN', amount: '100.50' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(app, 'gclub', player.playerId)).toBe('100.50');
  });

  it('answers repeats of a reference sent at once with the first result, moving the money once', async () => {
    const player = newPlayer();
    await transfer(app, 'gclub', { ...player, reference: newRef(), direction: 'IN', amount: '10' });
    for (const direction of ['IN', 'OUT'] as const) {
      const reference = newRef();
      const all = await Promise.all(
        Array.from({ length: 6 }, () => transfer(app, 'gclub', { ...player, reference, direction, amount: '3' })),
      );
      expect(all.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(all.map((r) => r.body)).size).toBe(1);
    }
    expect(await balanceOf(app, 'gclub', player.playerId)).toBe('10.00');
  });

  it('answers 409 when a reference comes back with other parameters', async () => {
    const player = newPlayer();
    const reference = newRef();
    await transfer(app, 'gclub', { ...player, reference, direction: 'IN', amount: '5' });
    const other = await transfer(app, 'gclub', { ...player, reference, direction: 'IN', amount: '6' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('REFERENCE_CONFLICT');
    expect(await balanceOf(app, 'gclub', player.playerId)).toBe('5.00');
  });

  it('refuses a transfer out above the balance, records the refusal, and repeats it for the same reference', async () => {
    const player = newPlayer();
    await transfer(app, 'alphabet', { ...player, reference: newRef(), direction: 'IN', amount: '20' });
    const reference = newRef();
    const out = await transfer(app, 'alphabet', { ...player, reference, direction: 'OUT', amount: '20.01' });
    expect(out.statusCode).toBe(422);
    expect(out.json()).toMatchObject({ error: { code: 'INSUFFICIENT_BALANCE' }, transfer: { status: 'REFUSED' } });
    const status = await signed(app, 'GET', `/providers/alphabet/transfers/${reference}`);
    expect(status.json().transfer).toMatchObject({ status: 'REFUSED', reason: 'INSUFFICIENT_BALANCE' });
    // the player tops up; the refused reference stays refused (no second effect)
    await transfer(app, 'alphabet', { ...player, reference: newRef(), direction: 'IN', amount: '1' });
    expect((await transfer(app, 'alphabet', { ...player, reference, direction: 'OUT', amount: '20.01' })).statusCode).toBe(422);
    expect(await balanceOf(app, 'alphabet', player.playerId)).toBe('21.00');
    const all = await transfer(app, 'alphabet', { ...player, reference: newRef(), direction: 'OUT', amount: '21' });
    expect(all.json().transfer.balance).toBe('0.00');
  });

  it('refuses a transfer out for a player without an account', async () => {
    const res = await transfer(app, 'betflix', { ...newPlayer(), reference: newRef(), direction: 'OUT', amount: '1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('PLAYER_NOT_FOUND');
  });

  it('answers the status of an unknown reference with 404 TRANSFER_NOT_FOUND', async () => {
    const res = await signed(app, 'GET', `/providers/gclub/transfers/${newRef()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('TRANSFER_NOT_FOUND');
  });

  it('keeps references per provider', async () => {
    const player = newPlayer();
    const reference = newRef();
    await transfer(app, 'gclub', { ...player, reference, direction: 'IN', amount: '1' });
    expect((await transfer(app, 'gclub_live', { ...player, reference, direction: 'IN', amount: '2' })).statusCode).toBe(200);
    expect(await balanceOf(app, 'gclub_live', player.playerId)).toBe('2.00');
  });

  it('validates input: bad amounts, unknown provider, bad ids', async () => {
    const player = newPlayer();
    for (const amount of ['0', '-1', '1.001', 'abc', '']) {
      const res = await transfer(app, 'gclub', { ...player, reference: newRef(), direction: 'IN', amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const unknown = await transfer(app, 'nope', { ...player, reference: newRef(), direction: 'IN', amount: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('PROVIDER_NOT_FOUND');
    const badRef = await transfer(app, 'gclub', { ...player, reference: 'has space', direction: 'IN', amount: '1' });
    expect(badRef.statusCode).toBe(400);
  });

  it('creates accounts idempotently and answers 404 for a balance without one', async () => {
    const player = newPlayer();
    expect(await balanceOf(app, 'askmebet', player.playerId)).toBeNull();
    const created = await signed(app, 'POST', '/providers/askmebet/players', player);
    expect(created.json()).toMatchObject({ created: true, balance: '0.00', currency: 'THB' });
    expect((await signed(app, 'POST', '/providers/askmebet/players', player)).json().created).toBe(false);
  });

  it('counts turnover from bets after a reference only', async () => {
    const player = newPlayer();
    const first = newRef();
    await transfer(app, 'alphabet', { ...player, reference: first, direction: 'IN', amount: '100' });
    const bet = (amount: string, payout = '0') =>
      signed(app, 'POST', `/providers/alphabet/_admin/players/${player.playerId}/bets`, { amount, payout });
    await bet('10');
    const second = newRef();
    await transfer(app, 'alphabet', { ...player, reference: second, direction: 'IN', amount: '5' });
    await bet('2.25', '4.50');
    const turnover = (since: string) => signed(app, 'GET', `/providers/alphabet/players/${player.playerId}/turnover?since=${since}`);
    expect((await turnover(first)).json()).toMatchObject({ turnover: '12.25', currency: 'THB' });
    expect((await turnover(second)).json().turnover).toBe('2.25');
    expect(await balanceOf(app, 'alphabet', player.playerId)).toBe('97.25');
    // a reference of another player is not this player's
    expect((await signed(app, 'GET', `/providers/alphabet/players/${newPlayer().playerId}/turnover?since=${first}`)).statusCode).toBe(404);
    const tooMuch = await bet('1000');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('lists each provider catalogue by tab, with generated covers', async () => {
    for (const [provider, tab] of [
      ['askmebet', 'Slot'],
      ['betflix', 'pp.txt'],
      ['gclub_live', 'Live'],
      ['alphabet', 'Casino'],
    ] as const) {
      const all = (await signed(app, 'GET', `/providers/${provider}/games`)).json();
      expect(all.tabs).toContain(tab);
      expect(all.games.length).toBeGreaterThanOrEqual(8);
      expect(new Set(all.games.map((g: { id: string }) => g.id)).size).toBe(all.games.length);
      const one = (await signed(app, 'GET', `/providers/${provider}/games?tab=${encodeURIComponent(tab)}`)).json();
      expect(one.games.length).toBeGreaterThan(0);
      for (const g of one.games) {
        expect(g.tab).toBe(tab);
        expect(decodeURIComponent(g.imageUrl)).toMatch(/^data:image\/svg\+xml,<svg .*<\/svg>$/);
      }
    }
  });
});
