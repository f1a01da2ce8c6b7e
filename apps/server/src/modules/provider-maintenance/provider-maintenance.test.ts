import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ProviderMaintenanceResponse, StaffRole } from '@app/contracts';
import { auditLog } from '../../db/schema/index.js';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount, fundCredit, staffLogin, withdraw, type TestStaff } from '../withdrawals/withdrawals.test-helpers.js';

const HOUR = 3_600_000;
/** the app's clock: the real one moved by `shift` ms (reset after each test) */
let shift = 0;
const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' }, { now: () => new Date(Date.now() + shift) });
afterEach(async () => {
  shift = 0;
  // each test starts with every provider of the test agency switched on
  const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
  for (const { provider } of (await staffCall(owner, 'GET', '/providers/maintenance')).json().maintenance as { provider: string }[]) {
    await staffCall(owner, 'DELETE', `/providers/${provider}/maintenance`);
  }
});

const call = (p: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
  env.ctx.app.inject({ method, url: `/api${url}`, headers: { host: 'localhost', cookie: p.cookie }, ...(payload ? { payload } : {}) });
const staffCall = (s: TestStaff, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, host = 'localhost') =>
  env.ctx.app.inject({
    method,
    url: `/api/v2/backoffice${url}`,
    headers: { host, cookie: s.cookie },
    ...(payload ? { payload } : {}),
  });
const switchOff = (s: TestStaff, provider: string, until: string | null = null, host?: string) =>
  staffCall(s, 'PUT', `/providers/${provider}/maintenance`, { until }, host);
const deposit = (p: TestPlayer, providerId: string) =>
  call(p, 'POST', '/v2/deposits', { providerId, mid: 'DEMO-LAK-001', bank: 'bcel', amount: '100000' });
const launch = (p: TestPlayer, provider: string) => call(p, 'POST', `/v2/games/${provider}/launch`, { gameId: 'any' });
const playerList = async (p: TestPlayer) =>
  ((await call(p, 'GET', '/v2/providers/maintenance')).json() as ProviderMaintenanceResponse).maintenance;

describe('a provider in maintenance', () => {
  it('refuses deposits and game launch there, keeps withdrawals and credit reads, and is audited', async () => {
    const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
    const res = await switchOff(owner, 'gclub');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ maintenance: [{ provider: 'gclub', until: null }] });

    const p = await registerPlayer(env.ctx.app);
    expect(await playerList(p)).toEqual([{ provider: 'gclub', until: null }]);
    const refused = await deposit(p, 'gclub');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({ code: 'PROVIDER_MAINTENANCE', fields: { provider: 'gclub' } });
    expect((await launch(p, 'gclub')).json().error.code).toBe('PROVIDER_MAINTENANCE');
    // another provider is untouched
    expect((await launch(p, 'alphabet')).json().error.code).not.toBe('PROVIDER_MAINTENANCE');

    await addBankAccount(env.ctx.app, p);
    await fundCredit(env.ctx.app, env.agencyId(), p, 'gclub', 60_000n);
    expect((await call(p, 'GET', '/v2/players/credits/gclub')).statusCode).toBe(200);
    const out = await withdraw(env.ctx.app, p, { providerId: 'gclub', amount: '150' });
    expect(out.statusCode, out.body).toBe(201);

    const [audit] = await env.ctx.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.agencyId, env.agencyId()),
          eq(auditLog.action, 'agency.provider_maintenance'),
          eq(auditLog.staffUsername, owner.username),
        ),
      );
    expect(audit).toMatchObject({
      entityType: 'provider',
      entityId: 'gclub',
      before: { maintenance: false },
      after: { maintenance: true, until: null },
    });

    const on = await staffCall(owner, 'DELETE', '/providers/gclub/maintenance');
    expect(on.json()).toEqual({ maintenance: [] });
    expect((await deposit(await registerPlayer(env.ctx.app), 'gclub')).statusCode).toBe(201);
    const ended = await env.ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agency.provider_maintenance_end'), eq(auditLog.staffUsername, owner.username)));
    expect(ended).toHaveLength(1);
    // nothing left to switch on
    expect((await staffCall(owner, 'DELETE', '/providers/gclub/maintenance')).statusCode).toBe(404);
  });

  it('ends by itself at its end time, which must be to come', async () => {
    const finance = await staffLogin(env.ctx.app, env.agencyId(), 'finance');
    const past = await switchOff(finance, 'alphabet', new Date(Date.now() - HOUR).toISOString());
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ until: 'maintenance.validation.until_past' });

    const until = new Date(Date.now() + HOUR);
    expect((await switchOff(finance, 'alphabet', until.toISOString())).json().maintenance).toEqual([
      { provider: 'alphabet', until: until.toISOString() },
    ]);
    const p = await registerPlayer(env.ctx.app);
    const refused = await deposit(p, 'alphabet');
    expect(refused.json().error.fields).toEqual({ provider: 'alphabet', until: until.toISOString() });
    // the launch's own statement (built once, the clock bound per call) tells the same end
    expect((await launch(p, 'alphabet')).json().error).toMatchObject({
      code: 'PROVIDER_MAINTENANCE',
      fields: { until: until.toISOString() },
    });
    shift = 2 * HOUR;
    expect(await playerList(p)).toEqual([]);
    expect((await deposit(p, 'alphabet')).statusCode).toBe(201);
    expect((await launch(p, 'alphabet')).json().error?.code).not.toBe('PROVIDER_MAINTENANCE');
  });

  it.each<[StaffRole, number]>([
    ['owner', 200],
    ['finance', 200],
    ['support', 403],
  ])('lets %s switch a provider: %i', async (role, status) => {
    const staff = await staffLogin(env.ctx.app, env.agencyId(), role);
    expect((await staffCall(staff, 'GET', '/providers/maintenance')).statusCode).toBe(status);
    expect((await switchOff(staff, 'betflix')).statusCode).toBe(status);
  });

  it('refuses players and strangers on the staff routes, and unknown providers', async () => {
    const p = await registerPlayer(env.ctx.app);
    const asPlayer = await env.ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/backoffice/providers/gclub/maintenance',
      headers: { host: 'localhost', cookie: p.cookie },
      payload: { until: null },
    });
    expect(asPlayer.statusCode).toBe(401);
    expect((await env.ctx.app.inject({ url: '/api/v2/providers/maintenance', headers: { host: 'localhost' } })).statusCode).toBe(401);
    const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
    expect((await switchOff(owner, 'pgsoft')).statusCode).toBe(400);
  });

  it("keeps each agency's maintenance to itself: another agency's staff neither see nor end it", async () => {
    const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
    await switchOff(owner, 'askmebet');
    const host = 'pm-elsewhere.example';
    const agencyId = await createAgency(env.ctx.app, 'pm-elsewhere', host);
    const other = await staffLogin(env.ctx.app, agencyId, 'owner', host);
    expect((await staffCall(other, 'GET', '/providers/maintenance', undefined, host)).json()).toEqual({ maintenance: [] });
    expect((await staffCall(other, 'DELETE', '/providers/askmebet/maintenance', undefined, host)).statusCode).toBe(404);
    const p = await registerPlayer(env.ctx.app);
    expect(await playerList(p)).toEqual([{ provider: 'askmebet', until: null }]);
    expect((await deposit(p, 'askmebet')).json().error.code).toBe('PROVIDER_MAINTENANCE');
  });
});
