import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Announcement, AnnouncementsResponse, StaffRole } from '@app/contracts';
import { auditLog } from '../../db/schema/index.js';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { staffLogin, type TestStaff } from '../withdrawals/withdrawals.test-helpers.js';

const HOUR = 3_600_000;
/** the app's clock: the real one moved by `shift` ms (reset after each test) */
let shift = 0;
const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' }, { now: () => new Date(Date.now() + shift) });
afterEach(async () => {
  shift = 0;
  // each test starts without announcements in the test agency
  const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
  for (const a of (await staffCall(owner, 'GET', '')).json().announcements as Announcement[]) await staffCall(owner, 'DELETE', `/${a.id}`);
});

const texts = { lo: 'ລະບົບຈະປິດປັບປຸງຄືນນີ້', cn: '系统今晚维护', vn: 'Hệ thống bảo trì tối nay', th: 'ระบบปิดปรับปรุงคืนนี้' };
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const window = (from: number, to: number) => ({ texts, startsAt: at(from), endsAt: at(to) });

const staffCall = (s: TestStaff, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, host = 'localhost') =>
  env.ctx.app.inject({
    method,
    url: `/api/v2/backoffice/announcements${path}`,
    headers: { host, cookie: s.cookie },
    ...(payload ? { payload } : {}),
  });
const create = async (s: TestStaff, body: object) => {
  const res = await staffCall(s, 'POST', '', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Announcement;
};
/** what a visitor of `host` reads, signed in or not */
const shown = async (host = 'localhost', cookie?: string) => {
  const res = await env.ctx.app.inject({ url: '/api/v2/announcements', headers: { host, ...(cookie ? { cookie } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return { list: (res.json() as AnnouncementsResponse).announcements, cache: res.headers['cache-control'] };
};

describe('announcements', () => {
  it('are shown to players during their window only, to visitors and players alike, briefly cacheable', async () => {
    const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
    const now = await create(owner, window(-HOUR, 2 * HOUR));
    const later = await create(owner, window(HOUR, 3 * HOUR));
    expect(now.texts).toEqual(texts);
    const visitor = await shown();
    expect(visitor.list.map((a) => a.id)).toEqual([now.id]);
    expect(visitor.cache).toBe('public, max-age=60');
    const p = await registerPlayer(env.ctx.app);
    expect((await shown('localhost', p.cookie)).list).toEqual([now]);

    shift = 1.5 * HOUR; // both shown, the newest start first
    expect((await shown()).list.map((a) => a.id)).toEqual([later.id, now.id]);
    shift = 2.5 * HOUR; // the first has ended
    expect((await shown()).list.map((a) => a.id)).toEqual([later.id]);
    shift = 3 * HOUR; // the end is exclusive
    expect((await shown()).list).toEqual([]);
  });

  it('are changed, ended and deleted by staff, each step audited', async () => {
    const finance = await staffLogin(env.ctx.app, env.agencyId(), 'finance');
    const a = await create(finance, window(-HOUR, HOUR));
    const changed = await staffCall(finance, 'PUT', `/${a.id}`, {
      ...window(-HOUR, 5 * HOUR),
      texts: { ...texts, vn: 'Bảo trì lúc 22:00' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().texts.vn).toBe('Bảo trì lúc 22:00');
    expect((await shown()).list[0]!.texts.vn).toBe('Bảo trì lúc 22:00');

    const ended = await staffCall(finance, 'POST', `/${a.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(Date.parse(ended.json().endsAt)).toBeLessThanOrEqual(Date.now());
    expect((await shown()).list).toEqual([]);
    // an ended announcement is not changed nor ended again, but stays on the staff's list
    expect((await staffCall(finance, 'PUT', `/${a.id}`, window(0, HOUR))).statusCode).toBe(409);
    expect((await staffCall(finance, 'POST', `/${a.id}/end`)).json().error.code).toBe('CONFLICT');
    expect((await staffCall(finance, 'GET', '')).json().announcements.map((x: Announcement) => x.id)).toEqual([a.id]);
    // one to come is deleted, not ended
    const next = await create(finance, window(HOUR, 2 * HOUR));
    expect((await staffCall(finance, 'POST', `/${next.id}/end`)).json().error.fields).toEqual({
      id: 'announcements.validation.not_started',
    });
    const left = await staffCall(finance, 'DELETE', `/${next.id}`);
    expect(left.json().announcements.map((x: Announcement) => x.id)).toEqual([a.id]);
    expect((await staffCall(finance, 'DELETE', `/${next.id}`)).statusCode).toBe(404);

    const actions = await env.ctx.app.db
      .select({ action: auditLog.action, entityId: auditLog.entityId, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, env.agencyId()), eq(auditLog.staffUsername, finance.username)))
      .orderBy(auditLog.id);
    const own = actions.filter((r) => r.action.startsWith('announcement.'));
    expect(own.map((r) => r.action)).toEqual([
      'announcement.create',
      'announcement.update',
      'announcement.end',
      'announcement.create',
      'announcement.delete',
    ]);
    expect(own[4]).toMatchObject({ entityId: next.id, before: { texts } });
  });

  it('refuse bad bodies: a missing language, empty or long text, an end before the start or past', async () => {
    const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
    const refused = async (body: object) => {
      const res = await staffCall(owner, 'POST', '', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error;
    };
    const { th: _th, ...threeLanguages } = texts;
    await refused({ ...window(0, HOUR), texts: threeLanguages });
    await refused({ ...window(0, HOUR), texts: { ...texts, lo: '   ' } });
    await refused({ ...window(0, HOUR), texts: { ...texts, cn: 'x'.repeat(301) } });
    await refused({ texts, startsAt: 'tomorrow', endsAt: at(HOUR) });
    await refused({ texts, startsAt: at(HOUR), endsAt: at(HOUR) });
    expect((await refused(window(-2 * HOUR, -HOUR))).fields).toEqual({ endsAt: 'announcements.validation.ends_past' });
    expect((await staffCall(owner, 'PUT', '/not-a-uuid', window(0, HOUR))).statusCode).toBe(400);
    expect((await shown()).list).toEqual([]);
  });

  it.each<[StaffRole, number]>([
    ['owner', 201],
    ['finance', 201],
    ['support', 403],
  ])('lets %s write announcements: %i', async (role, status) => {
    const staff = await staffLogin(env.ctx.app, env.agencyId(), role);
    expect((await staffCall(staff, 'POST', '', window(0, HOUR))).statusCode).toBe(status);
    expect((await staffCall(staff, 'GET', '')).statusCode).toBe(status === 201 ? 200 : 403);
  });

  it('refuse players on the staff routes', async () => {
    const p = await registerPlayer(env.ctx.app);
    const res = await env.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/backoffice/announcements',
      headers: { host: 'localhost', cookie: p.cookie },
      payload: window(0, HOUR),
    });
    expect(res.statusCode).toBe(401);
  });

  it("keep each agency's announcements to itself: another agency's staff neither see, change, end nor delete them", async () => {
    const owner = await staffLogin(env.ctx.app, env.agencyId(), 'owner');
    const mine = await create(owner, window(-HOUR, HOUR));
    const host = 'ann-elsewhere.example';
    const agencyId = await createAgency(env.ctx.app, 'ann-elsewhere', host);
    const other = await staffLogin(env.ctx.app, agencyId, 'owner', host);
    expect((await staffCall(other, 'GET', '', undefined, host)).json()).toEqual({ announcements: [] });
    expect((await staffCall(other, 'PUT', `/${mine.id}`, window(0, HOUR), host)).statusCode).toBe(404);
    expect((await staffCall(other, 'POST', `/${mine.id}/end`, undefined, host)).statusCode).toBe(404);
    expect((await staffCall(other, 'DELETE', `/${mine.id}`, undefined, host)).statusCode).toBe(404);
    expect((await shown(host)).list).toEqual([]);
    expect((await shown()).list.map((a) => a.id)).toEqual([mine.id]);
  });
});
