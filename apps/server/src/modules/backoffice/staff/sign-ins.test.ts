import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { StaffSignIn } from '@app/contracts/staff-sign-ins';
import { staffSessions } from '../../../db/schema/backoffice.js';
import { createAgency } from '../../../test/agencies.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { staffCalls, staffLogin, staffPasswordOnly, type TestStaff } from '../../../test/staff.js';

let ctx: TestContext;
const app = () => ctx.app;
const { get, post } = staffCalls(app);
const HOST = 'sign-ins.example';
const OTHER_HOST = 'sign-ins-other.example';
let agencyId = '';
let otherAgencyId = '';
let owner: TestStaff;

const signIns = async (staff: { cookie: string }, query = '', host = HOST) => {
  const res = await get(staff, `/staff/sign-ins${query}`, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: StaffSignIn[]; nextCursor: string | null };
};

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  agencyId = await createAgency(app(), 'signins', HOST);
  otherAgencyId = await createAgency(app(), 'signinsother', OTHER_HOST);
  owner = await staffLogin(app(), agencyId, 'owner', HOST);
});
afterAll(() => ctx.close());

describe("the owner's staff sign-ins", () => {
  it('lists each sign-in newest first: who, when, from where, the second factor, and whether it is still usable', async () => {
    const finance = await staffLogin(app(), agencyId, 'finance', HOST);
    const halfway = await staffPasswordOnly(app(), agencyId, 'support', HOST);
    const left = await staffLogin(app(), agencyId, 'support', HOST);
    expect((await post(left, '/logout', undefined, HOST)).statusCode).toBe(200);
    const idle = await staffLogin(app(), agencyId, 'finance', HOST);
    await app()
      .db.update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(staffSessions.staffId, idle.id));

    const { items } = await signIns(owner);
    const of = (staff: { id: string }) => items.find((i) => i.staffId === staff.id);
    expect(of(owner)).toMatchObject({ username: owner.username, role: 'owner', state: 'active' });
    expect(of(owner)!.secondFactorAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(of(finance)).toMatchObject({ role: 'finance', state: 'active' });
    expect(of(halfway)).toMatchObject({ role: 'support', state: 'active', secondFactorAt: null });
    expect(of(left)).toMatchObject({ state: 'ended' });
    expect(of(idle)).toMatchObject({ state: 'expired' });
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    expect(JSON.stringify(items)).not.toMatch(/token|hash/i);
  });

  it('pages by keyset and keeps one staff member when asked; a tampered cursor is a 400', async () => {
    const first = await signIns(owner, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await signIns(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[1]!.id);
    const mine = await signIns(owner, `?staffId=${owner.id}`);
    expect(mine.items.map((i) => i.staffId)).toEqual([owner.id]);
    expect((await get(owner, '/staff/sign-ins?cursor=bm90LWEta2V5', HOST)).json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses finance and support', async () => {
    for (const role of ['finance', 'support'] as const) {
      const staff = await staffLogin(app(), agencyId, role, HOST);
      const res = await get(staff, '/staff/sign-ins', HOST);
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
    }
  });

  it('shows nothing of another agency: its sign-ins are not listed and its staff member is a 404', async () => {
    const otherOwner = await staffLogin(app(), otherAgencyId, 'owner', OTHER_HOST);
    const theirs = await signIns(otherOwner, '', OTHER_HOST);
    expect(theirs.items.map((i) => i.staffId)).toEqual([otherOwner.id]);
    const ours = await signIns(owner);
    expect(ours.items.map((i) => i.staffId)).not.toContain(otherOwner.id);
    const res = await get(owner, `/staff/sign-ins?staffId=${otherOwner.id}`, HOST);
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'NOT_FOUND']);
    // the other agency's session is not a session here
    expect((await get(otherOwner, '/staff/sign-ins', HOST)).statusCode).toBe(401);
  });
});
