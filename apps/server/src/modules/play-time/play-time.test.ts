import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayTodayResponse, ProviderId } from '@app/contracts';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount, fundCredit, withdraw } from '../withdrawals/withdrawals.test-helpers.js';

const HOUR = 3_600_000;
/** the app's clock: the real one moved by `shift` ms (reset after each test) */
let shift = 0;
const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' }, { now: () => new Date(Date.now() + shift) });
afterEach(() => {
  shift = 0;
});

const call = (p: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object, host = 'localhost') =>
  env.ctx.app.inject({ method, url: `/api${url}`, headers: { host, cookie: p.cookie }, ...(payload ? { payload } : {}) });
const today = async (p: TestPlayer, host?: string) => {
  const res = await call(p, 'GET', '/v2/players/play-today', undefined, host);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as PlayTodayResponse;
};
async function launch(p: TestPlayer, provider: ProviderId) {
  const gameId = (await call(p, 'GET', `/v2/games/${provider}`)).json().games[0].id as string;
  const res = await call(p, 'POST', `/v2/games/${provider}/launch`, { gameId });
  expect(res.statusCode, res.body).toBe(200);
}
/** what play does to the credit at the provider, outside our ledger: a win (IN) or a loss (OUT) */
async function play(p: TestPlayer, provider: ProviderId, direction: 'IN' | 'OUT', amountMinor: bigint) {
  const adapter = env.ctx.app.providers.get(provider);
  const player = { playerId: p.playerId, agencyId: env.agencyId(), username: p.username };
  const outcome = await adapter.transfer({ reference: randomUUID(), direction, player, amountMinor });
  expect(outcome.status).toBe('POSTED');
}

describe('GET /api/v2/players/play-today', () => {
  it('starts at the day’s first launch and counts play, not the credit moved in or out by the ledger', async () => {
    const p = await registerPlayer(env.ctx.app);
    expect(await today(p)).toEqual({ since: null, net: null, providers: [], unread: [] });
    await fundCredit(env.ctx.app, env.agencyId(), p, 'askmebet', 500_00n);
    // credit moved in before any game: no play yet
    expect((await today(p)).since).toBeNull();

    const before = Date.now();
    await launch(p, 'askmebet');
    const first = await today(p);
    expect(Date.parse(first.since!)).toBeGreaterThanOrEqual(before - 1000);
    expect(first).toMatchObject({ net: { amount: '0.00', currency: 'THB' }, providers: ['askmebet'], unread: [] });

    await play(p, 'askmebet', 'OUT', 120_00n); // lost 120
    await fundCredit(env.ctx.app, env.agencyId(), p, 'askmebet', 100_00n); // a deposit's credit: not a win
    await play(p, 'askmebet', 'IN', 20_50n); // won 20.50
    await addBankAccount(env.ctx.app, p);
    const out = await withdraw(env.ctx.app, p, { providerId: 'askmebet', amount: '150' }); // taken out: not a loss
    expect(out.statusCode, out.body).toBe(201);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect((await today(p)).net).toEqual({ amount: '-99.50', currency: 'THB' });

    // a later launch changes neither the start nor the base; a second provider adds its own play
    await launch(p, 'askmebet');
    await fundCredit(env.ctx.app, env.agencyId(), p, 'gclub', 50_00n);
    await launch(p, 'gclub');
    await play(p, 'gclub', 'IN', 10_00n);
    const both = await today(p);
    expect(both).toMatchObject({ since: first.since, net: { amount: '-89.50' }, providers: ['askmebet', 'gclub'] });
  });

  it('starts again on the next Vientiane day', async () => {
    const p = await registerPlayer(env.ctx.app);
    await fundCredit(env.ctx.app, env.agencyId(), p, 'alphabet', 100_00n);
    await launch(p, 'alphabet');
    expect((await today(p)).since).not.toBeNull();
    shift = 24 * HOUR;
    expect(await today(p)).toEqual({ since: null, net: null, providers: [], unread: [] });
  });

  it('names a provider it cannot read now instead of guessing its part of the net', async () => {
    const p = await registerPlayer(env.ctx.app);
    await fundCredit(env.ctx.app, env.agencyId(), p, 'betflix', 100_00n);
    await launch(p, 'betflix');
    await env.sandbox.providerFaults.set({ providerId: 'betflix', operations: ['balance'], maintenance: true });
    try {
      expect(await today(p)).toMatchObject({ net: { amount: '0.00' }, providers: ['betflix'], unread: ['betflix'] });
    } finally {
      await env.sandbox.providerFaults.reset();
    }
  });

  it("is the player's own: another player's or another agency's play is not theirs, and a visitor is refused", async () => {
    const p = await registerPlayer(env.ctx.app);
    await fundCredit(env.ctx.app, env.agencyId(), p, 'gclub', 100_00n);
    await launch(p, 'gclub');
    const other = await registerPlayer(env.ctx.app);
    expect((await today(other)).since).toBeNull();
    const host = 'play-elsewhere.example';
    await createAgency(env.ctx.app, 'play-elsewhere', host);
    // p's session is not valid at another agency's host
    expect((await call(p, 'GET', '/v2/players/play-today', undefined, host)).statusCode).toBe(401);
    expect((await env.ctx.app.inject({ url: '/api/v2/players/play-today', headers: { host: 'localhost' } })).statusCode).toBe(401);
  });
});
