import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, staffInvitations, staffUsers } from '../../../db/schema/index.js';
import { createAgency } from '../../../test/agencies.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffCookieOf, staffLogin, totpCode } from '../../../test/staff.js';

const env = useServerAndSandbox({});
const app = () => env.ctx.app;

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object, host = 'localhost') =>
  app().inject({ method, url: `/api/v2/backoffice${url}`, headers: { host, cookie }, ...(payload ? { payload } : {}) });
const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);

async function invite(role: 'owner' | 'finance' | 'support' = 'finance') {
  const owner = await staffLogin(app(), env.agencyId(), 'owner');
  const username = `inv${Math.random().toString(36).slice(2, 8)}`;
  const created = await call(owner.cookie, 'POST', '/staff-users', { username, role });
  expect(created.statusCode).toBe(201);
  return { owner, username, id: created.json().user.id as string, token: tokenOf(created.json().invitation.url) };
}

describe('staff invitations (decision 110)', () => {
  it('sets the password and enrols the second factor in one step, once; then the password and a code sign in', async () => {
    const { username, id, token } = await invite('support');
    // only the token's sha256 is kept
    const [stored] = await app().db.select().from(staffInvitations).where(eq(staffInvitations.staffId, id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71.9 * 3_600_000);

    const opened = await call('', 'POST', '/invitation', { token });
    expect(opened.statusCode).toBe(200);
    const { secret, uri, qrSvg } = opened.json();
    expect(opened.json()).toMatchObject({ username, role: 'support' });
    expect(uri).toContain(secret);
    expect(qrSvg).toContain('<svg');

    const wrongCode = (await totpCode(secret)) === '000000' ? '111111' : '000000';
    const wrong = await call('', 'POST', '/invitation/accept', { token, password: 'a-good-password-1', code: wrongCode });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'STAFF_CODE_INVALID']);
    const short = await call('', 'POST', '/invitation/accept', { token, password: 'short', code: await totpCode(secret) });
    expect(short.statusCode).toBe(400);

    const accepted = await call('', 'POST', '/invitation/accept', { token, password: 'a-good-password-1', code: await totpCode(secret) });
    expect(accepted.statusCode).toBe(200);
    expect(new Set(accepted.json().recoveryCodes).size).toBe(10);
    const cookie = staffCookieOf(accepted)!;
    expect((await call(cookie, 'GET', '/me')).json().secondFactor).toEqual({ state: 'PASSED', enrolled: true, mandatory: true });
    expect((await call(cookie, 'GET', '/players')).statusCode).toBe(200);

    // used up: the link answers nothing any more
    for (const url of ['/invitation', '/invitation/accept']) {
      const again = await call('', 'POST', url, { token, password: 'another-password-2', code: await totpCode(secret, 1) });
      expect([again.statusCode, again.json().error.code]).toEqual([404, 'STAFF_INVITATION_INVALID']);
    }
    const login = await app().inject({
      method: 'POST',
      url: '/api/v2/backoffice/login',
      headers: { host: 'localhost' },
      payload: { username, password: 'a-good-password-1' },
    });
    expect(login.json().secondFactor.state).toBe('REQUIRED');
    const actions = (await app().db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.create', 'staff.invitation_accept']));
  });

  it('refuses a link past its 72 hours, one replaced by a newer link, and one used at another agency', async () => {
    const { owner, id, token } = await invite();
    const renewed = await call(owner.cookie, 'POST', `/staff-users/${id}/invitation`);
    expect(renewed.statusCode).toBe(200);
    const newer = tokenOf(renewed.json().invitation.url);
    expect(newer).not.toBe(token);
    expect((await call('', 'POST', '/invitation', { token })).json().error.code).toBe('STAFF_INVITATION_INVALID');

    await createAgency(app(), 'invother', 'invother.test');
    expect((await call('', 'POST', '/invitation', { token: newer }, 'invother.test')).json().error.code).toBe('STAFF_INVITATION_INVALID');
    expect((await call('', 'POST', '/invitation', { token: newer })).statusCode).toBe(200);

    await app().db.execute(sql`UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE staff_id = ${id}`);
    expect((await call('', 'POST', '/invitation', { token: newer })).json().error.code).toBe('STAFF_INVITATION_INVALID');
  });

  it("an owner's reset of a second factor issues a link; the old password alone enrols nothing", async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const reset = await call(owner.cookie, 'POST', `/staff-users/${finance.id}/reset-second-factor`);
    const token = tokenOf(reset.json().invitation.url);
    // whoever knows the password reaches enrolment, and is refused there
    const login = await app().inject({
      method: 'POST',
      url: '/api/v2/backoffice/login',
      headers: { host: 'localhost' },
      payload: { username: finance.username, password: finance.password },
    });
    const pending = staffCookieOf(login)!;
    const refused = await call(pending, 'POST', '/second-factor/enrolment');
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'STAFF_ENROL_BY_INVITATION']);
    // a new link for an enrolled user is refused: resetting is the owner's way
    expect((await call(owner.cookie, 'POST', `/staff-users/${owner.id}/invitation`)).statusCode).toBe(409);
    const { secret } = (await call('', 'POST', '/invitation', { token })).json();
    const accepted = await call('', 'POST', '/invitation/accept', { token, password: 'a-new-password-9', code: await totpCode(secret) });
    expect(accepted.statusCode).toBe(200);
    // the session that knew only the old password is over
    expect((await call(pending, 'GET', '/me')).statusCode).toBe(401);
    const [row] = await app().db.select().from(staffUsers).where(eq(staffUsers.id, finance.id));
    expect(row!.totpSecret).toBe(secret);
  });
});
