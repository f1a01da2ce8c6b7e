import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENCY_SETTINGS, agencyInfoResponseSchema } from '@app/contracts';
import { createTestApp, type TestContext } from '../../test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/v2/agency/info', () => {
  it('answers the agency bound to the host with its social links', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/agency/info', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.agency.id).toBe(ctx.database.agencyId);
    expect(Object.keys(body.agency.social).sort()).toEqual(['facebook', 'line', 'telegram', 'twitter', 'whatsapp']);
  });

  it("states the agency's amount bounds, the ones deposits and withdrawals are held to", async () => {
    const res = await ctx.app.inject({ url: '/api/v2/agency/info', headers: { host: 'localhost:3000' } });
    const { depositMinLak, depositMaxLak, withdrawMinThb, withdrawMaxThb } = DEFAULT_AGENCY_SETTINGS;
    expect(agencyInfoResponseSchema.parse(res.json()).agency.limits).toEqual({
      depositMinLak,
      depositMaxLak,
      withdrawMinThb,
      withdrawMaxThb,
    });
  });

  it('resolves 127.0.0.1 to the same agency', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/agency/info', headers: { host: '127.0.0.1' } });
    expect(res.json().agency.id).toBe(ctx.database.agencyId);
  });

  it('resolves a host in any case and with any port, from the cache as from the database', async () => {
    for (const host of ['LocalHost:3000', 'LocalHost:3000', 'localhost:8080', 'localhost']) {
      const res = await ctx.app.inject({ url: '/api/v2/agency/info', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.json().agency.id).toBe(ctx.database.agencyId);
    }
  });

  it('answers 404 in the error shape for an unknown host', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/agency/info', headers: { host: 'unknown.example' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'AGENCY_NOT_FOUND', message: expect.any(String) } });
  });

  it('ignores X-Forwarded-Host unless a proxy is trusted', async () => {
    const res = await ctx.app.inject({
      url: '/api/v2/agency/info',
      headers: { host: 'unknown.example', 'x-forwarded-host': 'localhost' },
    });
    expect(res.statusCode).toBe(404);
  });
});
