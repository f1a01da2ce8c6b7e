import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { startSandbox, type TestSandbox } from '../../test/sandbox.js';

let sandbox: TestSandbox;
let ctx: TestContext;
beforeAll(async () => {
  sandbox = await startSandbox();
  ctx = await createTestApp(sandbox.serverOverrides);
});
afterEach(() => sandbox.providerFaults.reset());
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

const get = (url: string, player?: TestPlayer) =>
  ctx.app.inject({ url, headers: { host: 'localhost', ...(player ? { cookie: player.cookie } : {}) } });

/** Moves credit to the provider the way the transfer worker does, through the adapter. */
async function creditAtProvider(p: TestPlayer, provider: 'gclub' | 'alphabet', amountMinor: bigint) {
  const adapter = ctx.app.providers.get(provider);
  const player = { playerId: p.playerId, agencyId: ctx.database.agencyId, username: p.username };
  await adapter.ensurePlayer(player);
  const outcome = await adapter.transfer({ reference: randomUUID(), direction: 'IN', player, amountMinor });
  expect(outcome.status).toBe('POSTED');
}

describe('GET /api/v2/currencies', () => {
  it('lists the enabled rows of the agency with exact rates', async () => {
    const res = await get('/api/v2/currencies');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currencies: [
        { isEnabled: true, code: 'LAK', mid: 'DEMO-LAK-001', displayName: expect.any(String), currency: 'LAK', buyRate: '640', sellRate: '690' },
      ],
    });
  });

  it('keeps one row per distinct mid or currency', async () => {
    const agency = ctx.database.agencyId;
    await ctx.app.db.execute(sql`UPDATE currencies SET is_enabled = true, mid = 'DEMO-LAK-001' WHERE agency_id = ${agency} AND code = 'USD'`);
    await ctx.app.db.execute(sql`UPDATE currencies SET is_enabled = true, sell_rate = '1.25' WHERE agency_id = ${agency} AND code = 'THB'`);
    try {
      const codes = (await get('/api/v2/currencies')).json().currencies.map((c: { code: string; sellRate: string }) => `${c.code}:${c.sellRate}`);
      expect(codes).toEqual(['LAK:690', 'THB:1.25']);
    } finally {
      await ctx.app.db.execute(sql`UPDATE currencies SET is_enabled = false, mid = NULL WHERE agency_id = ${agency} AND code IN ('USD', 'THB')`);
    }
  });

  it('answers 404 for a host no agency serves', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/currencies', headers: { host: 'nobody.example' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/v2/players/credits/:provider', () => {
  it('answers "0" THB at every provider for a new player', async () => {
    const p = await registerPlayer(ctx.app);
    for (const provider of ['alphabet', 'askmebet', 'gclub', 'gclub_live', 'betflix']) {
      const res = await get(`/api/v2/players/credits/${provider}`, p);
      expect(res.statusCode, provider).toBe(200);
      expect(res.json()).toEqual({ credit: { amount: '0.00', currency: 'THB' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("answers the provider's live balance, for that player only", async () => {
    const p = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    await creditAtProvider(p, 'gclub', 12_345n);
    expect((await get('/api/v2/players/credits/gclub', p)).json().credit.amount).toBe('123.45');
    expect((await get('/api/v2/players/credits/alphabet', p)).json().credit.amount).toBe('0.00');
    expect((await get('/api/v2/players/credits/gclub', other)).json().credit.amount).toBe('0.00');
    await sandbox.providerBet('gclub', p.playerId, 2_345n);
    expect((await get('/api/v2/players/credits/gclub', p)).json().credit.amount).toBe('100.00');
  });

  it('answers 404 PROVIDER_NOT_FOUND for an unknown provider', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await get('/api/v2/players/credits/pgsoft', p);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PROVIDER_NOT_FOUND');
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the provider is down or in maintenance', async () => {
    const p = await registerPlayer(ctx.app);
    await sandbox.providerFaults.set({ providerId: 'gclub', fail5xx: true });
    let res = await get('/api/v2/players/credits/gclub', p);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    // another provider is not affected
    expect((await get('/api/v2/players/credits/alphabet', p)).statusCode).toBe(200);

    await sandbox.providerFaults.reset();
    await sandbox.providerFaults.set({ providerId: 'gclub', maintenance: true });
    res = await get('/api/v2/players/credits/gclub', p);
    expect(res.statusCode).toBe(503);
  });

  it('gives up on a slow provider within the read timeout', async () => {
    const p = await registerPlayer(ctx.app);
    await sandbox.providerFaults.set({ providerId: 'askmebet', latencyMs: 4_000, count: 1 });
    const started = Date.now();
    const res = await get('/api/v2/players/credits/askmebet', p);
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_900);
  });

  it('answers 401 to a visitor', async () => {
    expect((await get('/api/v2/players/credits/gclub')).statusCode).toBe(401);
  });
});
