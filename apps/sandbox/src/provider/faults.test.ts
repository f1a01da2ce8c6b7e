import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultStore, faultSchema } from './faults.js';
import { balanceOf, newPlayer, newRef, signed, startProvider, transfer } from './test-helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startProvider();
}, 60_000);
afterEach(async () => {
  await signed(app, 'DELETE', '/providers/_faults');
});
afterAll(() => app.close());

const setFault = async (fault: object) => {
  const res = await signed(app, 'POST', '/providers/_faults', fault);
  expect(res.statusCode).toBe(200);
  return res.json().fault as { id: number };
};
const status = (provider: string, reference: string) => signed(app, 'GET', `/providers/${provider}/transfers/${reference}`);

describe('the fault store', () => {
  it('is empty until a knob is set, and again once it is used up or cleared', () => {
    const store = new FaultStore();
    expect(store.empty).toBe(true);
    store.add(faultSchema.parse({ fail5xx: true, count: 1 }));
    expect(store.empty).toBe(false);
    expect(store.take('gclub', 'transfer')).toMatchObject({ fail5xx: true });
    expect(store.empty).toBe(true);
    store.add(faultSchema.parse({ refuse: true }));
    store.clear();
    expect(store.empty).toBe(true);
  });
});

describe('fault knobs', () => {
  it('adds latency before doing the work', async () => {
    await setFault({ latencyMs: 300, operations: ['games'] });
    const started = Date.now();
    expect((await signed(app, 'GET', '/providers/gclub/games')).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('answers 500 without applying the transfer', async () => {
    await setFault({ fail5xx: true, count: 1 });
    const player = newPlayer();
    const reference = newRef();
    const res = await transfer(app, 'gclub', { ...player, reference, direction: 'IN', amount: '10' });
    expect(res.statusCode).toBe(500);
    expect((await status('gclub', reference)).statusCode).toBe(404);
    expect(await balanceOf(app, 'gclub', player.playerId)).toBeNull();
  });

  it('commits, then holds the answer back (timeout after commit)', async () => {
    await setFault({ timeoutAfterCommit: true, holdMs: 400, operations: ['transfer'], count: 1 });
    const player = newPlayer();
    const reference = newRef();
    const started = Date.now();
    const res = await transfer(app, 'alphabet', { ...player, reference, direction: 'IN', amount: '10' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(res.statusCode).toBe(200);
    expect((await status('alphabet', reference)).json().transfer.status).toBe('POSTED');
    expect(await balanceOf(app, 'alphabet', player.playerId)).toBe('10.00');
  });

  it('refuses: a transfer is recorded REFUSED (so its status says so), other calls answer 403', async () => {
    await setFault({ refuse: true });
    const player = newPlayer();
    const reference = newRef();
    const res = await transfer(app, 'askmebet', { ...player, reference, direction: 'IN', amount: '10' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('REFUSED_BY_PROVIDER');
    expect((await signed(app, 'GET', '/providers/askmebet/games')).statusCode).toBe(403);
    await signed(app, 'DELETE', '/providers/_faults');
    expect((await status('askmebet', reference)).json().transfer).toMatchObject({ status: 'REFUSED', reason: 'REFUSED_BY_PROVIDER' });
    // the reference keeps its first answer after the knob is gone
    expect((await transfer(app, 'askmebet', { ...player, reference, direction: 'IN', amount: '10' })).statusCode).toBe(422);
  });

  it('answers 503 MAINTENANCE for one provider only', async () => {
    await setFault({ maintenance: true, providerId: 'gclub_live' });
    const res = await signed(app, 'GET', '/providers/gclub_live/games');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('MAINTENANCE');
    expect((await signed(app, 'GET', '/providers/gclub/games')).statusCode).toBe(200);
  });

  it('limits a fault to its operations', async () => {
    await setFault({ maintenance: true, operations: ['transfer'] });
    expect((await signed(app, 'GET', '/providers/gclub/games')).statusCode).toBe(200);
    expect((await transfer(app, 'gclub', { ...newPlayer(), reference: newRef(), direction: 'IN', amount: '1' })).statusCode).toBe(503);
  });

  it('expires after count hits', async () => {
    await setFault({ fail5xx: true, count: 2 });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await signed(app, 'GET', '/providers/gclub/games')).statusCode);
    expect(codes).toEqual([500, 500, 200]);
    expect((await signed(app, 'GET', '/providers/_faults')).json().faults).toEqual([]);
  });

  it('hits with its probability', async () => {
    await setFault({ fail5xx: true, probability: 0 });
    for (let i = 0; i < 5; i++) expect((await signed(app, 'GET', '/providers/gclub/games')).statusCode).toBe(200);
    await signed(app, 'DELETE', '/providers/_faults');
    await setFault({ fail5xx: true, probability: 1 });
    for (let i = 0; i < 5; i++) expect((await signed(app, 'GET', '/providers/gclub/games')).statusCode).toBe(500);
  });

  it('never touches the admin routes, and a reset clears every knob', async () => {
    await setFault({ maintenance: true });
    await setFault({ fail5xx: true });
    expect((await signed(app, 'GET', '/providers/_faults')).json().faults).toHaveLength(2);
    expect((await signed(app, 'GET', `/providers/gclub/_admin/players/${newPlayer().playerId}`)).statusCode).toBe(404);
    expect((await signed(app, 'DELETE', '/providers/_faults')).json()).toEqual({ cleared: 2 });
    expect((await signed(app, 'GET', '/providers/gclub/games')).statusCode).toBe(200);
  });

  it('rejects a malformed knob', async () => {
    for (const bad of [{ latencyMs: -1 }, { probability: 2 }, { providerId: 'nope' }, { operations: ['fly'] }, { typo: true }]) {
      const res = await signed(app, 'POST', '/providers/_faults', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
