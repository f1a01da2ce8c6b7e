import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DepositOrder, PlayerLimitsResponse, StaffPlayerLimitsResponse } from '@app/contracts';
import { auditLog } from '../../db/schema/index.js';
import { createAgency } from '../../test/agencies.js';
import { payLaoQr } from '../../test/bank.js';
import { loginPlayer, registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount, fundCredit, staffLogin, withdraw } from '../withdrawals/withdrawals.test-helpers.js';

const HOUR = 3_600_000;
/** the app's clock: the real one moved by `shift` ms (reset after each test) */
let shift = 0;
const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' }, { now: () => new Date(Date.now() + shift) });
afterEach(() => {
  shift = 0;
});

function call(p: TestPlayer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return env.ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { host: 'localhost', cookie: p.cookie },
    ...(payload === undefined ? {} : { payload }),
  });
}
const limitsOf = async (p: TestPlayer) => (await call(p, 'GET', '/v2/players/limits')).json() as PlayerLimitsResponse;
const daily = (r: PlayerLimitsResponse) => r.limits.find((l) => l.period === 'daily')!;
async function setLimits(p: TestPlayer, body: { daily?: string | null; weekly?: string | null; monthly?: string | null }) {
  const res = await call(p, 'PUT', '/v2/players/limits', { daily: null, weekly: null, monthly: null, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlayerLimitsResponse;
}
const deposit = (p: TestPlayer, amount: string) =>
  call(p, 'POST', '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount });
/** a deposit opened, paid at the bank and settled: it counts against the limits, and no order is left open */
async function paidDeposit(p: TestPlayer, amount: string) {
  const res = await deposit(p, amount);
  expect(res.statusCode, res.body).toBe(201);
  const order = (res.json() as { order: DepositOrder }).order;
  const qr = (await call(p, 'GET', `/v2/deposits/${order.id}/qr`)).json() as { payload: string };
  await payLaoQr(env.sandbox.url, qr.payload);
  const checked = await call(p, 'POST', `/v2/deposits/${order.id}/check`);
  expect(checked.statusCode, checked.body).toBe(200);
  await env.ctx.app.transfers.idle();
  await env.ctx.app.worker.drain({ skipBackoff: true });
}

describe('deposit limits', () => {
  it('answers no limits for a new player, and a lower limit is in force at once', async () => {
    const p = await registerPlayer(env.ctx.app);
    expect((await limitsOf(p)).limits).toEqual(
      ['daily', 'weekly', 'monthly'].map((period) => ({ period, amount: null, used: '0', remaining: null, pending: null })),
    );
    const set = await setLimits(p, { daily: '500000', monthly: '2000000' });
    expect(daily(set)).toEqual({ period: 'daily', amount: '500000', used: '0', remaining: '500000', pending: null });
    expect(set.limits[2]).toMatchObject({ amount: '2000000', pending: null });
    expect(daily(await setLimits(p, { daily: '300000', monthly: '2000000' }))).toMatchObject({ amount: '300000', pending: null });
  });

  it('takes a raise only after 24 hours: not at 23 h 59 min, at 24 h', async () => {
    const p = await registerPlayer(env.ctx.app);
    await setLimits(p, { daily: '500000' });
    const asked = Date.now() + shift;
    const raised = daily(await setLimits(p, { daily: '800000' }));
    expect(raised.amount).toBe('500000');
    expect(raised.pending!.amount).toBe('800000');
    const effectiveAt = Date.parse(raised.pending!.effectiveAt);
    expect(effectiveAt - asked).toBeGreaterThanOrEqual(24 * HOUR);
    expect(effectiveAt - asked).toBeLessThan(24 * HOUR + 60_000);
    shift = effectiveAt - Date.now() - 60_000; // 23 h 59 min after the raise
    expect(daily(await limitsOf(p))).toMatchObject({ amount: '500000', pending: { amount: '800000' } });
    shift = effectiveAt - Date.now() + 1; // 24 h
    expect(daily(await limitsOf(p))).toMatchObject({ amount: '800000', pending: null });
  });

  it('takes a removal after 24 hours, keeps the time of a raise asked again, and a lower limit drops a raise waiting', async () => {
    const p = await registerPlayer(env.ctx.app);
    await setLimits(p, { weekly: '1000000' });
    const removal = (await setLimits(p, {})).limits[1]!;
    expect(removal).toMatchObject({ amount: '1000000', pending: { amount: null } });
    shift = 2 * HOUR;
    const again = (await setLimits(p, {})).limits[1]!;
    expect(again.pending!.effectiveAt).toBe(removal.pending!.effectiveAt);
    const lowered = (await setLimits(p, { weekly: '900000' })).limits[1]!;
    expect(lowered).toMatchObject({ amount: '900000', pending: null });
    shift = 30 * HOUR;
    expect((await limitsOf(p)).limits[1]).toMatchObject({ amount: '900000', pending: null });
  });

  it('refuses a bad amount with a translated field and changes nothing', async () => {
    const p = await registerPlayer(env.ctx.app);
    await setLimits(p, { daily: '500000' });
    for (const bad of ['-1', '0', 'abc', '1.5', '1'.repeat(16)]) {
      const res = await call(p, 'PUT', '/v2/players/limits', { daily: bad, weekly: null, monthly: null });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { daily: 'limits.amount_invalid' } });
    }
    expect(daily(await limitsOf(p)).amount).toBe('500000');
    expect((await call(p, 'PUT', '/v2/players/limits', { daily: '1' })).statusCode).toBe(400);
  });

  it('keeps each player to their own limits, and asks for a session', async () => {
    const a = await registerPlayer(env.ctx.app);
    const b = await registerPlayer(env.ctx.app);
    await setLimits(a, { daily: '100000' });
    expect(daily(await limitsOf(b)).amount).toBeNull();
    const anonymous = await env.ctx.app.inject({ method: 'GET', url: '/api/v2/players/limits', headers: { host: 'localhost' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses the deposit that would pass a limit with the kip still allowed, and counts what was deposited', async () => {
    const p = await registerPlayer(env.ctx.app);
    await setLimits(p, { daily: '300000', weekly: '250000' });
    await paidDeposit(p, '100000');
    const refused = await deposit(p, '200000');
    expect(refused.statusCode).toBe(422);
    // the weekly limit binds: 250,000 − 100,000
    expect(refused.json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_REACHED', fields: { allowed: '150000', period: 'weekly' } });
    expect(daily(await limitsOf(p))).toMatchObject({ used: '100000', remaining: '200000' });
    await paidDeposit(p, '150000');
    const none = await deposit(p, '100000');
    expect(none.json().error).toMatchObject({ code: 'DEPOSIT_LIMIT_REACHED', fields: { allowed: '0' } });
    await env.expectAgreement(p);
  });

  it('lets two deposits racing the limit never pass it together', async () => {
    const p = await registerPlayer(env.ctx.app);
    await setLimits(p, { daily: '150000' });
    const answers = await Promise.all([deposit(p, '100000'), deposit(p, '100000'), deposit(p, '100000')]);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 201))
      expect(['DEPOSIT_LIMIT_REACHED', 'DEPOSIT_OPEN_ORDER_EXISTS']).toContain(r.json().error.code);
    expect(daily(await limitsOf(p))).toMatchObject({ used: '100000', remaining: '50000' });
  });
});

describe('cooling-off and self-exclusion', () => {
  it('refuses game, promotion and deposit while cooling off; login, history and withdraw still work; it ends after 24 h', async () => {
    const p = await registerPlayer(env.ctx.app);
    await addBankAccount(env.ctx.app, p);
    await fundCredit(env.ctx.app, env.agencyId(), p, 'alphabet', 50_000n);
    const res = await call(p, 'POST', '/v2/players/exclusion', { period: '24h' });
    expect(res.statusCode, res.body).toBe(201);
    const { exclusion } = res.json() as PlayerLimitsResponse;
    expect(exclusion).toMatchObject({ kind: 'cooling_off', period: '24h' });
    expect(Date.parse(exclusion!.endsAt!) - Date.parse(exclusion!.startsAt)).toBe(24 * HOUR);

    const launch = await call(p, 'POST', '/v2/games/alphabet/launch', { gameId: 'any' });
    expect(launch.statusCode).toBe(403);
    expect(launch.json().error).toMatchObject({ code: 'SELF_EXCLUDED', fields: { until: exclusion!.endsAt } });
    const promotion = await call(p, 'POST', '/v2/promotions/use', {
      promotionId: '00000000-0000-4000-8000-000000000000',
      providerId: 'alphabet',
    });
    expect(promotion.json().error.code).toBe('SELF_EXCLUDED');
    expect((await call(p, 'GET', '/v2/promotions/check-blocking')).json()).toMatchObject({ reason: 'SELF_EXCLUDED' });
    // the deposit's check reads the exclusion with the limits in one statement: its end told as the launch's
    expect((await deposit(p, '100000')).json().error).toMatchObject({ code: 'SELF_EXCLUDED', fields: { until: exclusion!.endsAt } });

    expect((await loginPlayer(env.ctx.app, p.username, p.password)).cookie).toBeTruthy();
    expect((await call(p, 'GET', '/v2/deposits')).statusCode).toBe(200);
    expect((await call(p, 'GET', '/v2/withdrawals')).statusCode).toBe(200);
    const w = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '100.00' });
    expect(w.statusCode, w.body).toBe(201);

    shift = 24 * HOUR - 60_000;
    expect((await limitsOf(p)).exclusion).not.toBeNull();
    shift = 24 * HOUR + 1000;
    expect((await limitsOf(p)).exclusion).toBeNull();
    expect((await call(p, 'GET', '/v2/promotions/check-blocking')).json().reason).not.toBe('SELF_EXCLUDED');
  });

  it('is never shortened: a shorter period asked later leaves the longer one in force; permanent never ends', async () => {
    const p = await registerPlayer(env.ctx.app);
    const week = (await (await call(p, 'POST', '/v2/players/exclusion', { period: '7d' })).json()) as PlayerLimitsResponse;
    const after = (await (await call(p, 'POST', '/v2/players/exclusion', { period: '24h' })).json()) as PlayerLimitsResponse;
    expect(after.exclusion).toEqual(week.exclusion);
    const forGood = (await (await call(p, 'POST', '/v2/players/exclusion', { period: 'permanent' })).json()) as PlayerLimitsResponse;
    expect(forGood.exclusion).toMatchObject({ kind: 'self_exclusion', period: 'permanent', endsAt: null });
    shift = 20 * 365 * 24 * HOUR;
    expect((await limitsOf(p)).exclusion).toMatchObject({ period: 'permanent' });
    expect((await call(p, 'POST', '/v2/games/alphabet/launch', { gameId: 'x' })).json().error).toEqual({
      code: 'SELF_EXCLUDED',
      message: 'play is excluded for good',
    });
    expect((await deposit(p, '100000')).json().error).toEqual({ code: 'SELF_EXCLUDED', message: 'play is excluded for good' });
  });

  it('counts six months and a year in calendar months, and refuses an unknown period', async () => {
    const p = await registerPlayer(env.ctx.app);
    const six = ((await call(p, 'POST', '/v2/players/exclusion', { period: '6m' })).json() as PlayerLimitsResponse).exclusion!;
    const start = new Date(six.startsAt);
    const expected = new Date(start);
    expected.setUTCMonth(start.getUTCMonth() + 6);
    expect(six).toMatchObject({ kind: 'self_exclusion', endsAt: expected.toISOString() });
    expect((await call(p, 'POST', '/v2/players/exclusion', { period: '2h' })).statusCode).toBe(400);
  });
});

describe("the player's page in the back office", () => {
  const staffCall = (staff: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, host = 'localhost') =>
    env.ctx.app.inject({
      method,
      url: `/api/v2/backoffice${url}`,
      headers: { host, cookie: staff.cookie },
      ...(payload ? { payload } : {}),
    });

  it('shows the limits in force, every change of them and every exclusion', async () => {
    const p = await registerPlayer(env.ctx.app);
    await setLimits(p, { daily: '500000' });
    await setLimits(p, { daily: '800000' });
    await setLimits(p, { daily: '400000' });
    await call(p, 'POST', '/v2/players/exclusion', { period: '7d' });
    const support = await staffLogin(env.ctx.app, env.agencyId(), 'support');
    const res = await staffCall(support, 'GET', `/players/${p.playerId}/limits`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as StaffPlayerLimitsResponse;
    expect(daily(page)).toMatchObject({ amount: '400000', pending: null });
    // newest first: the lower one, the raise it canceled, the first
    expect(page.changes.map((c) => [c.amount, c.canceledAt === null])).toEqual([
      ['400000', true],
      ['800000', false],
      ['500000', true],
    ]);
    expect(page.exclusions).toEqual([expect.objectContaining({ kind: 'cooling_off', period: '7d', staffUsername: null, reason: null })]);
    expect(page.exclusion).toMatchObject({ period: '7d' });
  });

  it('lets staff exclude a player with a reason, audited; nobody lifts it', async () => {
    const p = await registerPlayer(env.ctx.app);
    const support = await staffLogin(env.ctx.app, env.agencyId(), 'support');
    const noReason = await staffCall(support, 'POST', `/players/${p.playerId}/exclusion`, { period: '6m', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await limitsOf(p)).exclusion).toBeNull();

    const res = await staffCall(support, 'POST', `/players/${p.playerId}/exclusion`, { period: '6m', reason: 'asked by phone' });
    expect(res.statusCode, res.body).toBe(201);
    const page = res.json() as StaffPlayerLimitsResponse;
    expect(page.exclusion).toMatchObject({ kind: 'self_exclusion', period: '6m' });
    expect(page.exclusions[0]).toMatchObject({ staffUsername: support.username, reason: 'asked by phone' });
    const [audit] = await env.ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, p.playerId));
    expect(audit).toMatchObject({ action: 'player.exclusion', staffUsername: support.username });
    expect(audit!.after).toMatchObject({ period: '6m', reason: 'asked by phone', endsAt: page.exclusion!.endsAt });

    expect((await call(p, 'POST', '/v2/games/alphabet/launch', { gameId: 'x' })).json().error.code).toBe('SELF_EXCLUDED');
    // no route ends one, for staff or the player
    expect((await staffCall(support, 'DELETE', `/players/${p.playerId}/exclusion`)).statusCode).toBe(404);
    expect((await call(p, 'GET', '/v2/players/limits')).json().exclusion).toMatchObject({ period: '6m' });
  });

  it("answers 404 for another agency's player or none", async () => {
    const p = await registerPlayer(env.ctx.app);
    const agencyId = await createAgency(env.ctx.app, 'rp-elsewhere', 'rp-elsewhere.example');
    const other = await staffLogin(env.ctx.app, agencyId, 'owner', 'rp-elsewhere.example');
    const host = 'rp-elsewhere.example';
    expect((await staffCall(other, 'GET', `/players/${p.playerId}/limits`, undefined, host)).statusCode).toBe(404);
    const excluded = await staffCall(other, 'POST', `/players/${p.playerId}/exclusion`, { period: '24h', reason: 'x' }, host);
    expect(excluded.statusCode).toBe(404);
    expect((await limitsOf(p)).exclusion).toBeNull();
  });
});
