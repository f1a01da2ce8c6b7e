import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer } from '../../test/players.js';
import { createAgency } from '../../test/agencies.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const info = (cookie?: string, host = 'localhost') =>
  ctx.app.inject({ url: '/api/v2/players/info', headers: cookie ? { host, cookie } : { host } });
const logout = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v2/players/logout', headers: { host: 'localhost', cookie } });

async function lastSeen(playerId: string): Promise<Date> {
  const rows = await queryRows<{ last_seen_at: string | Date }>(
    ctx.app.db,
    sql`SELECT last_seen_at FROM player_sessions WHERE player_id = ${playerId}`,
  );
  return new Date(rows[0]!.last_seen_at);
}

describe('sessions', () => {
  it('answers info with 401 UNAUTHORIZED when logged out', async () => {
    const res = await info();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('treats a malformed or unknown cookie as logged out', async () => {
    for (const cookie of ['sid=short', `sid=${'A'.repeat(43)}`, 'sid=%00%ff', 'other=1']) {
      expect((await info(cookie)).statusCode).toBe(401);
    }
  });

  it('ends the session at logout: the earlier cookie gets 401 and the cookie is cleared', async () => {
    const p = await registerPlayer(ctx.app);
    expect((await info(p.cookie)).statusCode).toBe(200);
    const res = await logout(p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await info(p.cookie)).statusCode).toBe(401);
  });

  it('answers logout without a session with ok', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/players/logout', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
  });

  it('stores only the sha256 of the token', async () => {
    const p = await registerPlayer(ctx.app);
    const token = p.cookie.slice('sid='.length);
    const rows = await queryRows<{ token_hash: string }>(
      ctx.app.db,
      sql`SELECT token_hash FROM player_sessions WHERE player_id = ${p.playerId}`,
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it('expires a session unused for longer than the idle time', async () => {
    const p = await registerPlayer(ctx.app);
    const idle = ctx.config.SESSION_IDLE_MINUTES;
    await ctx.app.db.execute(
      sql`UPDATE player_sessions SET last_seen_at = now() - make_interval(mins => ${idle + 1}::int) WHERE player_id = ${p.playerId}`,
    );
    expect((await info(p.cookie)).statusCode).toBe(401);
  });

  it('expires a session at its absolute expiry however busy it is', async () => {
    const p = await registerPlayer(ctx.app);
    const rows = await queryRows<{ days: number }>(
      ctx.app.db,
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM player_sessions WHERE player_id = ${p.playerId}`,
    );
    expect(rows[0]!.days).toBe(ctx.config.SESSION_ABSOLUTE_DAYS);
    await ctx.app.db.execute(sql`UPDATE player_sessions SET expires_at = now() - interval '1 second' WHERE player_id = ${p.playerId}`);
    expect((await info(p.cookie)).statusCode).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const p = await registerPlayer(ctx.app);
    await ctx.app.db.execute(sql`UPDATE player_sessions SET last_seen_at = now() - interval '30 seconds' WHERE player_id = ${p.playerId}`);
    const recent = await lastSeen(p.playerId);
    await info(p.cookie);
    expect((await lastSeen(p.playerId)).getTime()).toBe(recent.getTime());
    await ctx.app.db.execute(sql`UPDATE player_sessions SET last_seen_at = now() - interval '2 minutes' WHERE player_id = ${p.playerId}`);
    const stale = await lastSeen(p.playerId);
    await info(p.cookie);
    expect((await lastSeen(p.playerId)).getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });

  it("does not accept a cookie on another agency's host", async () => {
    await createAgency(ctx.app, 'other', 'other.example');
    const p = await registerPlayer(ctx.app);
    expect((await info(p.cookie, 'other.example')).statusCode).toBe(401);
    expect((await info(p.cookie)).statusCode).toBe(200);
  });
});

describe('the session cookie with COOKIE_SECURE=true', () => {
  it('is Secure as well as HttpOnly and SameSite=Lax', async () => {
    const secure = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        headers: { host: 'localhost', 'x-fingerprint': 'fp' },
        payload: { username: 'secure_one', password: 'password1', confirmPassword: 'password1', fingerprint: 'fp' },
      });
      expect(res.statusCode).toBe(201);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
    } finally {
      await secure.close();
    }
  });
});
