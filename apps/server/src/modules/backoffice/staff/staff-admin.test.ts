import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../../db/schema/index.js';
import { createAgency } from '../../../test/agencies.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { staffCookieOf, staffLogin } from '../../../test/staff.js';

const env = useServerAndSandbox({});
const app = () => env.ctx.app;

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().inject({ method, url: `/api/v2/backoffice${url}`, headers: { host: 'localhost', cookie }, ...(payload ? { payload } : {}) });

describe("the owner's staff users (decision 051)", () => {
  it('creates a user with an invitation link instead of a password: nobody can sign in as them before it is taken', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const created = await call(owner.cookie, 'POST', '/staff-users', { username: 'New.Finance', role: 'finance' });
    expect(created.statusCode).toBe(201);
    const { user, invitation } = created.json();
    expect(user).toMatchObject({ username: 'new.finance', role: 'finance', active: true, enrolled: false });
    expect(user.invitationExpiresAt).toBe(invitation.expiresAt);
    expect(invitation.url).toMatch(/^http:\/\/localhost(:\d+)?\/backoffice\/invitation#[A-Za-z0-9_-]{43}$/);
    const again = await call(owner.cookie, 'POST', '/staff-users', { username: 'new.finance', role: 'support' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'USERNAME_EXIST']);
    const list = await call(owner.cookie, 'GET', '/staff-users');
    expect(list.json().items.map((u: { username: string }) => u.username)).toContain('new.finance');
    expect(list.body).not.toContain('passwordHash');
    expect(list.body).not.toContain('totp');
    expect(list.body).not.toContain(invitation.url.split('#')[1]);
  });

  it('never lets an owner change themselves or leave the agency without an active owner', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    for (const [method, url, body] of [
      ['PUT', `/staff-users/${owner.id}/role`, { role: 'support' }],
      ['POST', `/staff-users/${owner.id}/disable`, undefined],
      ['POST', `/staff-users/${owner.id}/reset-second-factor`, undefined],
    ] as const) {
      const res = await call(owner.cookie, method, url, body);
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'STAFF_SELF_CHANGE']);
    }
    // two owners disabling each other at once: the second to run finds no other active owner
    const second = await staffLogin(app(), env.agencyId(), 'owner');
    const everyone = await app().db.select().from(staffUsers).where(eq(staffUsers.agencyId, env.agencyId()));
    for (const o of everyone.filter((u) => u.role === 'owner' && u.id !== owner.id)) {
      await app().db.update(staffUsers).set({ active: false }).where(eq(staffUsers.id, o.id));
    }
    const actor = {
      sessionId: '',
      staffId: second.id,
      agencyId: env.agencyId(),
      username: second.username,
      role: 'owner' as const,
      enrolled: true,
      secondFactor: 'PASSED' as const,
    };
    const request = { server: app(), ip: '127.0.0.1' } as unknown as FastifyRequest;
    await expect(app().services.staff.staffAdmin.setActive(request, actor, owner.id, false)).rejects.toMatchObject({
      code: 'STAFF_LAST_OWNER',
    });
    await expect(app().services.staff.staffAdmin.setRole(request, actor, owner.id, 'finance')).rejects.toMatchObject({
      code: 'STAFF_LAST_OWNER',
    });
    for (const o of everyone.filter((u) => u.role === 'owner'))
      await app().db.update(staffUsers).set({ active: true }).where(eq(staffUsers.id, o.id));
  });

  it("resets a user's second factor: their sessions end, a new invitation is issued; audited with before and after", async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const reset = await call(owner.cookie, 'POST', `/staff-users/${finance.id}/reset-second-factor`);
    expect(reset.json().user.enrolled).toBe(false);
    expect(reset.json().invitation.url).toContain('/backoffice/invitation#');
    expect((await call(finance.cookie, 'GET', '/me')).statusCode).toBe(401);
    const login = await app().inject({
      method: 'POST',
      url: '/api/v2/backoffice/login',
      headers: { host: 'localhost' },
      payload: { username: finance.username, password: finance.password },
    });
    expect(login.json().secondFactor.state).toBe('ENROL');
    const audit = await call(owner.cookie, 'GET', `/audit?action=staff.second_factor_reset&staffId=${owner.id}`);
    expect(audit.json().items[0]).toMatchObject({ entityId: finance.id, before: { enrolled: true }, after: { enrolled: false } });
  });

  it('changes my password: my other sessions end, this one goes on', async () => {
    const me = await staffLogin(app(), env.agencyId(), 'support');
    const other = staffCookieOf(
      await app().inject({
        method: 'POST',
        url: '/api/v2/backoffice/login',
        headers: { host: 'localhost' },
        payload: { username: me.username, password: me.password },
      }),
    )!;
    const wrong = await call(me.cookie, 'POST', '/password', { currentPassword: 'not-it-at-all', newPassword: 'a-new-password-1' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'PASSWORD_INCORRECT']);
    const changed = await call(me.cookie, 'POST', '/password', { currentPassword: me.password, newPassword: 'a-new-password-1' });
    expect(changed.statusCode).toBe(200);
    expect((await call(other, 'GET', '/me')).statusCode).toBe(401);
    expect((await call(me.cookie, 'GET', '/me')).statusCode).toBe(401);
    expect((await call(staffCookieOf(changed)!, 'GET', '/me')).statusCode).toBe(200);
  });

  it('pages the audit log in the order of its cursor, (at, id) as stored: entries of one instant, ids across a digit boundary', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    // ten entries written at one instant whose ids go from 7 to 8 digits: ordered as text ('9999999' >
    // '10000000'), a page ended at 9999997 and the next, asking for (at, id) below it, skipped five
    const ids = Array.from({ length: 10 }, (_, i) => 9_999_995 + i);
    await app().db.execute(sql`INSERT INTO audit_log (id, agency_id, staff_username, action, entity_type, at) OVERRIDING SYSTEM VALUE
                               SELECT i, ${env.agencyId()}::uuid, 'paging', 'paging.instant', 'test', '2026-01-02T03:04:05.123456Z'
                                 FROM unnest(${`{${ids.join(',')}}`}::bigint[]) AS i`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(owner.cookie, 'GET', `/audit?action=paging.instant&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids.map(String).reverse());
  });

  it("pages the staff users by username with a cursor: every one once, in order; another agency's never", async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    for (const username of ['pg.c', 'pg.a', 'pg.e', 'pg.b', 'pg.d'])
      expect((await call(owner.cookie, 'POST', '/staff-users', { username, role: 'support' })).statusCode).toBe(201);
    const other = await createAgency(app(), 'staffpages', 'staffpages.test');
    await staffLogin(app(), other, 'owner', 'staffpages.test');
    const stranger = await staffLogin(app(), other, 'support', 'staffpages.test');

    const seen: { id: string; username: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(owner.cookie, 'GET', `/staff-users?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string; username: string }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    const names = seen.map((u) => u.username);
    // every user of the agency, each once, by name (the one page of all answers the same)
    const all = (await call(owner.cookie, 'GET', '/staff-users?limit=200')).json() as { items: { username: string }[]; nextCursor: null };
    expect(all.nextCursor).toBeNull();
    expect(names).toEqual(all.items.map((u) => u.username));
    expect(new Set(seen.map((u) => u.id)).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(seen.length / 2));
    expect(names.filter((n) => n.startsWith('pg.'))).toEqual(['pg.a', 'pg.b', 'pg.c', 'pg.d', 'pg.e']);
    expect(names).toContain(owner.username);
    expect(names).not.toContain(stranger.username);

    // a cursor that is not one of ours is refused, not a query error
    for (const bad of ['bm9wZQ', Buffer.from(JSON.stringify([1])).toString('base64url'), Buffer.from('["a","b"]').toString('base64url')]) {
      const res = await call(owner.cookie, 'GET', `/staff-users?cursor=${bad}`);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await call(owner.cookie, 'GET', '/staff-users?limit=0')).statusCode).toBe(400);
    expect((await call(owner.cookie, 'GET', '/staff-users?limit=201')).statusCode).toBe(400);
  });

  it('pages the audit log newest first with a cursor, filtered by action', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    for (let i = 0; i < 5; i++) await call(owner.cookie, 'POST', '/staff-users', { username: `pager${i}`, role: 'support' });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        owner.cookie,
        'GET',
        `/audit?action=staff.create&staffId=${owner.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { after: { username: string } }[]; nextCursor: string | null };
      seen.push(...page.items.map((e) => e.after.username));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['pager4', 'pager3', 'pager2', 'pager1', 'pager0']);
    const bad = await call(owner.cookie, 'GET', '/audit?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    // the fuzz test's counterexample: a NUL in the action filter answered 500 from PostgreSQL
    const nul = await call(owner.cookie, 'GET', `/audit?staffId=${owner.id}&action=%00&from=1969-12-31T23%3A59%3A59.962Z`);
    expect([nul.statusCode, nul.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
