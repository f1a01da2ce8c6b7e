import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, staffUsers } from '../../../db/schema/index.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffCookieOf, staffLogin, staffPasswordOnly, totpCode } from '../../../test/staff.js';

const env = useServerAndSandbox({});
const app = () => env.ctx.app;

const post = (cookie: string, url: string, payload?: object, remoteAddress = '127.0.0.1') =>
  app().inject({
    method: 'POST',
    url: `/api/v2/backoffice${url}`,
    remoteAddress,
    headers: { host: 'localhost', cookie },
    ...(payload ? { payload } : {}),
  });
const get = (cookie: string, url: string) => app().inject({ url: `/api/v2/backoffice${url}`, headers: { host: 'localhost', cookie } });
const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  app().inject({
    method: 'POST',
    url: '/api/v2/backoffice/login',
    remoteAddress,
    headers: { host: 'localhost' },
    payload: { username, password },
  });

describe('the second factor (decision 049)', () => {
  it('refuses enrolment with the password alone: every role enrols through an invitation (decision 110)', async () => {
    for (const role of ['owner', 'finance', 'support'] as const) {
      const staff = await staffPasswordOnly(app(), env.agencyId(), role);
      expect((await get(staff.cookie, '/me')).json().secondFactor).toEqual({ state: 'ENROL', enrolled: false, mandatory: true });
      expect((await get(staff.cookie, '/players')).statusCode).toBe(403);
      for (const [url, body] of [
        ['/second-factor/enrolment', undefined],
        ['/second-factor/enrolment/confirm', { code: '123456' }],
      ] as const) {
        const refused = await post(staff.cookie, url, body);
        expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'STAFF_ENROL_BY_INVITATION']);
      }
      const [row] = await app().db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
      expect([row!.totpSecret, row!.totpEnabledAt]).toEqual([null, null]);
    }
  });

  it("makes the demo seed's owner enrol before anything else, then shows ten recovery codes once", async () => {
    const owner = await staffPasswordOnly(app(), env.agencyId(), 'owner', 'localhost', { enrolWithPassword: true });
    expect((await get(owner.cookie, '/me')).json().secondFactor).toEqual({ state: 'ENROL', enrolled: false, mandatory: true });
    const refused = await get(owner.cookie, '/staff-users');
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'STAFF_SECOND_FACTOR_REQUIRED']);

    const started = await post(owner.cookie, '/second-factor/enrolment');
    expect(started.statusCode).toBe(200);
    const { secret, uri, qrSvg } = started.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(uri).toContain(secret);
    expect(qrSvg).toContain('<svg');
    const wrong = await post(owner.cookie, '/second-factor/enrolment/confirm', {
      code: '000000' === (await totpCode(secret)) ? '111111' : '000000',
    });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'STAFF_CODE_INVALID']);

    const confirmed = await post(owner.cookie, '/second-factor/enrolment/confirm', { code: await totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    // a new session in place of the one that knew only the password
    const raised = staffCookieOf(confirmed)!;
    expect(raised).not.toBe(owner.cookie);
    expect((await get(owner.cookie, '/me')).statusCode).toBe(401);
    expect((await get(raised, '/me')).json().secondFactor).toEqual({ state: 'PASSED', enrolled: true, mandatory: true });
    expect((await get(raised, '/staff-users')).statusCode).toBe(200);
    // never answered again
    expect((await post(raised, '/second-factor/enrolment')).statusCode).toBe(409);
    const stored = await app().db.select().from(staffUsers).where(eq(staffUsers.id, owner.id));
    expect(stored[0]!.totpEnabledAt).not.toBeNull();
    const actions = (await app().db.select().from(auditLog).where(eq(auditLog.staffId, owner.id))).map((a) => a.action);
    expect(actions).toContain('staff.second_factor_enrol');
  });

  it('accepts a code once, and a recovery code once', async () => {
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const again = await login(finance.username, finance.password);
    const pending = staffCookieOf(again)!;
    expect(again.json().secondFactor.state).toBe('REQUIRED');
    // the code staffLogin used a moment ago: refused (same step)
    const replay = await post(pending, '/login/second-factor', { code: await totpCode(finance.secret!) });
    expect([replay.statusCode, replay.json().error.code]).toEqual([400, 'STAFF_CODE_INVALID']);
    expect((await get(pending, '/withdrawals')).statusCode).toBe(403);
    // the next step's code is taken (one step of clock drift allowed), once
    const next = await post(pending, '/login/second-factor', { code: await totpCode(finance.secret!, 1) });
    expect(next.statusCode).toBe(200);
    expect((await get(staffCookieOf(next)!, '/withdrawals')).statusCode).toBe(200);

    // recovery codes: enrol a support user through the API to get them
    const support = await staffPasswordOnly(app(), env.agencyId(), 'support', 'localhost', { enrolWithPassword: true });
    const { secret } = (await post(support.cookie, '/second-factor/enrolment')).json();
    const enrolled = await post(support.cookie, '/second-factor/enrolment/confirm', { code: await totpCode(secret) });
    const [recovery] = enrolled.json().recoveryCodes as string[];
    const first = staffCookieOf(await login(support.username, support.password))!;
    expect((await get(first, '/me')).json().secondFactor.state).toBe('REQUIRED');
    expect((await post(first, '/login/second-factor', { code: recovery!.toUpperCase() })).statusCode).toBe(200);
    const second = staffCookieOf(await login(support.username, support.password))!;
    const reused = await post(second, '/login/second-factor', { code: recovery });
    expect([reused.statusCode, reused.json().error.code]).toEqual([400, 'STAFF_CODE_INVALID']);
  });

  it('ends the session after 30 minutes idle', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    expect((await get(owner.cookie, '/me')).statusCode).toBe(200);
    await app().db.execute(sql`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = ${owner.id}`);
    app().sessionCaches.get('staff')?.ended(owner.id);
    expect((await get(owner.cookie, '/me')).statusCode).toBe(401);
  });
});
