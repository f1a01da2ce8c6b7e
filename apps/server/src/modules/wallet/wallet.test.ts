import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { creditAtProvider, useAppWithSandbox } from './provider-test-kit.js';

const env = useAppWithSandbox();

const get = (url: string, player?: TestPlayer) =>
  env.ctx.app.inject({ url, headers: { host: 'localhost', ...(player ? { cookie: player.cookie } : {}) } });

describe('GET /api/v2/currencies', () => {
  it('lists the enabled rows of the agency with exact rates', async () => {
    const res = await get('/api/v2/currencies');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currencies: [
        {
          isEnabled: true,
          code: 'LAK',
          mid: 'DEMO-LAK-001',
          displayName: expect.any(String),
          currency: 'LAK',
          buyRate: '640',
          sellRate: '690',
        },
      ],
    });
  });

  it('keeps one row per distinct mid or currency', async () => {
    const agency = env.ctx.database.agencyId;
    await env.ctx.app.db.execute(
      sql`UPDATE currencies SET is_enabled = true, mid = 'DEMO-LAK-001' WHERE agency_id = ${agency} AND code = 'USD'`,
    );
    await env.ctx.app.db.execute(
      sql`UPDATE currencies SET is_enabled = true, sell_rate = '1.25' WHERE agency_id = ${agency} AND code = 'THB'`,
    );
    try {
      const codes = (await get('/api/v2/currencies'))
        .json()
        .currencies.map((c: { code: string; sellRate: string }) => `${c.code}:${c.sellRate}`);
      expect(codes).toEqual(['LAK:690', 'THB:1.25']);
    } finally {
      await env.ctx.app.db.execute(
        sql`UPDATE currencies SET is_enabled = false, mid = NULL WHERE agency_id = ${agency} AND code IN ('USD', 'THB')`,
      );
    }
  });

  it('answers 404 for a host no agency serves', async () => {
    const res = await env.ctx.app.inject({ url: '/api/v2/currencies', headers: { host: 'nobody.example' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/v2/players/credits/:provider', () => {
  it('answers "0" THB at every provider for a new player', async () => {
    const p = await registerPlayer(env.ctx.app);
    for (const provider of ['alphabet', 'askmebet', 'gclub', 'gclub_live', 'betflix']) {
      const res = await get(`/api/v2/players/credits/${provider}`, p);
      expect(res.statusCode, provider).toBe(200);
      expect(res.json()).toEqual({ credit: { amount: '0.00', currency: 'THB' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("answers the provider's live balance, for that player only", async () => {
    const p = await registerPlayer(env.ctx.app);
    const other = await registerPlayer(env.ctx.app);
    await creditAtProvider(env.ctx, p, 'gclub', 12_345n);
    expect((await get('/api/v2/players/credits/gclub', p)).json().credit.amount).toBe('123.45');
    expect((await get('/api/v2/players/credits/alphabet', p)).json().credit.amount).toBe('0.00');
    expect((await get('/api/v2/players/credits/gclub', other)).json().credit.amount).toBe('0.00');
    await env.sandbox.providerBet('gclub', p.playerId, 2_345n);
    expect((await get('/api/v2/players/credits/gclub', p)).json().credit.amount).toBe('100.00');
  });

  it('answers 404 PROVIDER_NOT_FOUND for an unknown provider', async () => {
    const p = await registerPlayer(env.ctx.app);
    const res = await get('/api/v2/players/credits/pgsoft', p);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PROVIDER_NOT_FOUND');
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the provider is down or in maintenance', async () => {
    const p = await registerPlayer(env.ctx.app);
    await env.sandbox.providerFaults.set({ providerId: 'gclub', fail5xx: true });
    let res = await get('/api/v2/players/credits/gclub', p);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    // another provider is not affected
    expect((await get('/api/v2/players/credits/alphabet', p)).statusCode).toBe(200);

    await env.sandbox.providerFaults.reset();
    await env.sandbox.providerFaults.set({ providerId: 'gclub', maintenance: true });
    res = await get('/api/v2/players/credits/gclub', p);
    expect(res.statusCode).toBe(503);
  });

  it('gives up on a slow provider within the read timeout', async () => {
    const p = await registerPlayer(env.ctx.app);
    await env.sandbox.providerFaults.set({ providerId: 'askmebet', latencyMs: 4_000, count: 1 });
    const started = Date.now();
    const res = await get('/api/v2/players/credits/askmebet', p);
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_900);
  });

  it('answers 401 to a visitor', async () => {
    expect((await get('/api/v2/players/credits/gclub')).statusCode).toBe(401);
  });
});
