import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer } from '../../test/players.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

let n = 0;
function login(username: unknown, password: unknown, extra: { ip?: string; headers?: Record<string, string> } = {}) {
  n += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    remoteAddress: extra.ip ?? `198.51.100.${n % 250}`,
    headers: { host: 'localhost', ...extra.headers },
    payload: { username, password },
  });
}

describe('POST /v2/players/login', () => {
  it('logs in and sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await login(p.username, p.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().player).toMatchObject({ id: p.playerId, username: p.username });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // NODE_ENV=test without COOKIE_SECURE: plain http for local development
    expect(cookie).not.toContain('Secure');
  });

  it('gives a new token at every login and keeps the earlier session of another device', async () => {
    const p = await registerPlayer(ctx.app);
    const a = await login(p.username, p.password);
    const b = await login(p.username, p.password);
    const ca = String(a.headers['set-cookie']).split(';')[0]!;
    const cb = String(b.headers['set-cookie']).split(';')[0]!;
    expect(ca).not.toBe(cb);
    for (const cookie of [ca, cb, p.cookie]) {
      const info = await ctx.app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie } });
      expect(info.statusCode).toBe(200);
    }
  });

  it('ends the session it replaces when the same browser logs in again', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await login(p.username, p.password, { headers: { cookie: p.cookie } });
    expect(res.statusCode).toBe(200);
    const old = await ctx.app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie: p.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('accepts the username typed with capitals', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await login(p.username.toUpperCase(), p.password);
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same status and body', async () => {
    const p = await registerPlayer(ctx.app);
    const wrong = await login(p.username, 'not-the-password');
    const unknown = await login('nobody_here', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'username or password incorrect' } });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a blocked player with the same answer, even with the right password', async () => {
    const p = await registerPlayer(ctx.app);
    await ctx.app.db.execute(sql`UPDATE players SET status = 'blocked' WHERE id = ${p.playerId}`);
    const res = await login(p.username, p.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    const info = await ctx.app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie: p.cookie } });
    expect(info.statusCode).toBe(401);
  });

  it('refuses the 11th failed login within 15 minutes with 429, even with the right password', async () => {
    const p = await registerPlayer(ctx.app);
    for (let i = 0; i < 10; i++) expect((await login(p.username, `wrong-${i}`)).statusCode).toBe(401);
    const eleventh = await login(p.username, p.password);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.code).toBe('RATE_LIMITED');
    // the lock is per account: another player logs in from the same addresses
    const other = await registerPlayer(ctx.app);
    expect((await login(other.username, other.password)).statusCode).toBe(200);
  });

  it('locks unknown usernames the same way, so the lock tells nothing', async () => {
    for (let i = 0; i < 10; i++) expect((await login('ghost_user', `wrong-${i}`)).statusCode).toBe(401);
    expect((await login('ghost_user', 'any-password')).statusCode).toBe(429);
  });

  it('forgets earlier failures after a successful login', async () => {
    const p = await registerPlayer(ctx.app);
    for (let i = 0; i < 9; i++) await login(p.username, `wrong-${i}`);
    expect((await login(p.username, p.password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(p.username, `again-${i}`)).statusCode).toBe(401);
  });

  it('limits one address to 30 login attempts a minute', async () => {
    const p = await registerPlayer(ctx.app);
    const ip = '203.0.113.77';
    for (let i = 0; i < 30; i++) expect((await login(p.username, p.password, { ip })).statusCode).toBe(200);
    const res = await login(p.username, p.password, { ip });
    expect(res.statusCode).toBe(429);
    expect((await login(p.username, p.password, { ip: '203.0.113.78' })).statusCode).toBe(200);
  });

  it('refuses a login posted from a foreign origin', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await login(p.username, p.password, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(res.headers['set-cookie']).toBeUndefined();
    const same = await login(p.username, p.password, { headers: { origin: 'http://localhost' } });
    expect(same.statusCode).toBe(200);
  });

  it('answers a missing field with a field error', async () => {
    const res = await login('someone', undefined);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['password']);
  });
});
