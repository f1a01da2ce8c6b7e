import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { registerPlayer, type TestPlayer } from '../../../test/players.js';
import { staffLogin } from '../../../test/staff.js';

/** A player locked out by their own typing is told until when, and staff can let them in. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const IP = '198.51.100.77';
const login = (username: string, password: string, ip = IP) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    remoteAddress: ip,
    headers: { host: 'localhost' },
    payload: { username, password },
  });

async function lockOut(p: TestPlayer) {
  for (let i = 0; i < 5; i++) expect((await login(p.username, `wrong-${i}`)).statusCode).toBe(401);
  const refused = await login(p.username, p.password);
  expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'RATE_LIMITED']);
  return refused;
}

const staffPost = (cookie: string, url: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v2/backoffice/players${url}`, headers: { host: 'localhost', cookie } });

describe('a player locked out by their own typing', () => {
  it('is told when they may try again: within the 15-minute window or the next one, never past 30 minutes', async () => {
    const p = await registerPlayer(ctx.app);
    const before = Date.now();
    const refused = await lockOut(p);
    const retryAt = Date.parse(refused.json().error.fields.retryAt);
    expect(retryAt).toBeGreaterThan(before);
    expect(retryAt).toBeLessThanOrEqual(before + 30 * 60_000);
  });

  it('is let in again by staff lifting the lock (audited); the lift is no pass for later failures', async () => {
    const p = await registerPlayer(ctx.app);
    await lockOut(p);
    const support = await staffLogin(ctx.app, ctx.database.agencyId, 'support');
    expect((await staffPost(support.cookie, `/${p.playerId}/login-lock/lift`)).statusCode).toBe(200);
    expect((await login(p.username, p.password)).statusCode).toBe(200);
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, p.playerId));
    expect(audit.map((a) => a.action)).toContain('player.login_lock_lift');
    // the lift is not a pass: five more failures lock this client out again
    await lockOut(p);
  });

  it('gets in with the password staff reset, at once', async () => {
    const p = await registerPlayer(ctx.app);
    await lockOut(p);
    const support = await staffLogin(ctx.app, ctx.database.agencyId, 'support');
    const reset = await staffPost(support.cookie, `/${p.playerId}/reset-password`);
    expect(reset.statusCode).toBe(200);
    expect((await login(p.username, reset.json().temporaryPassword)).statusCode).toBe(200);
  });

  it("staff may lift only their own agency's players", async () => {
    const support = await staffLogin(ctx.app, ctx.database.agencyId, 'support');
    expect((await staffPost(support.cookie, '/00000000-0000-4000-8000-000000000000/login-lock/lift')).statusCode).toBe(404);
  });
});
