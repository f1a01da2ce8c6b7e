import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../db/client.js';
import { DEVICE_COOKIE, clientKey } from '../../plugins/login-throttle.js';
import { LOGIN_LIMITS } from '../../plugins/login-throttle.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer } from '../../test/players.js';
import { createPasswordHasher } from './passwords.js';

const deviceCookie = (res: LightMyRequestResponse) =>
  [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
    .split(';')[0]!;

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

  it('writes the time of the login, and the password again when its hash has other costs', async () => {
    const p = await registerPlayer(ctx.app);
    const older = await createPasswordHasher({ ARGON2_MEMORY_KIB: 2048, ARGON2_ITERATIONS: 2 }).hash(p.password);
    await ctx.app.db.execute(
      sql`UPDATE players SET last_login_at = now() - interval '3 days', password_hash = ${older} WHERE id = ${p.playerId}`,
    );
    expect((await login(p.username, p.password)).statusCode).toBe(200);
    const [row] = await queryRows<{ last_login_at: string | Date; password_hash: string }>(
      ctx.app.db,
      sql`SELECT last_login_at, password_hash FROM players WHERE id = ${p.playerId}`,
    );
    expect(new Date(row!.last_login_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.password_hash).not.toBe(older);
    expect((await login(p.username, p.password)).statusCode).toBe(200);
  });

  it('tells a blocked player so only after the right password (decision 055)', async () => {
    const p = await registerPlayer(ctx.app);
    await ctx.app.db.execute(sql`UPDATE players SET status = 'blocked' WHERE id = ${p.playerId}`);
    const res = await login(p.username, p.password);
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'ACCOUNT_BLOCKED']);
    expect(res.headers['set-cookie']).toBeUndefined();
    const guess = await login(p.username, 'not-the-password');
    expect([guess.statusCode, guess.json().error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const info = await ctx.app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie: p.cookie } });
    expect(info.statusCode).toBe(401);
  });

  it('refuses a client after 5 failures on one account, even with the right password; the owner elsewhere logs in', async () => {
    const p = await registerPlayer(ctx.app);
    const ip = '198.51.100.251';
    for (let i = 0; i < 5; i++) expect((await login(p.username, `wrong-${i}`, { ip })).statusCode).toBe(401);
    const sixth = await login(p.username, p.password, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
    // the limit is this client's on this account: the owner from another address, and this address on another account
    expect((await login(p.username, p.password, { ip: '198.51.100.252' })).statusCode).toBe(200);
    const other = await registerPlayer(ctx.app);
    expect((await login(other.username, other.password, { ip })).statusCode).toBe(200);
  });

  it("does not let a stranger's failures from many addresses keep the owner out", async () => {
    const p = await registerPlayer(ctx.app);
    const owner = await login(p.username, p.password, { ip: '203.0.113.10' });
    expect(owner.statusCode).toBe(200);
    const device = deviceCookie(owner);
    // wrong passwords from 20 addresses, each under its own limit: the account's budget of 10 is used up,
    // and from then on a new client is refused the account, right password or not ...
    for (let i = 0; i < 40; i++) {
      expect((await login(p.username, `guess-${i}`, { ip: `192.0.2.${i % 20}` })).statusCode).toBe(i < 10 ? 401 : 429);
    }
    expect((await login(p.username, p.password, { ip: '192.0.2.200' })).statusCode).toBe(429);
    // ... but the owner gets in from the address they logged in from, and from anywhere with their browser
    expect((await login(p.username, p.password, { ip: '203.0.113.10' })).statusCode).toBe(200);
    expect((await login(p.username, p.password, { ip: '192.0.2.202', headers: { cookie: device } })).statusCode).toBe(200);
    // registering made the player's own address known too
    expect((await login(p.username, p.password, { ip: p.address })).statusCode).toBe(200);
    // a known client still has its own limit: guessing from the owner's address stops after 5
    for (let i = 0; i < 5; i++) await login(p.username, `near-${i}`, { ip: '203.0.113.10' });
    expect((await login(p.username, p.password, { ip: '203.0.113.10' })).statusCode).toBe(429);
  });

  it('treats an unknown username exactly like an account: the same answers, the same refusals', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await login('ghost_user', `wrong-${i}`, { ip: `192.0.2.${100 + i}` })).statusCode).toBe(i < 10 ? 401 : 429);
    }
    for (let i = 0; i < 5; i++) expect((await login('ghost_two', `wrong-${i}`, { ip: '192.0.2.151' })).statusCode).toBe(401);
    expect((await login('ghost_two', 'any-password', { ip: '192.0.2.151' })).statusCode).toBe(429);
  });

  it("forgets a client's failures on the account after it logs in", async () => {
    const p = await registerPlayer(ctx.app);
    const ip = '198.51.100.240';
    for (let i = 0; i < 4; i++) await login(p.username, `wrong-${i}`, { ip });
    expect((await login(p.username, p.password, { ip })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(p.username, `again-${i}`, { ip })).statusCode).toBe(401);
    expect((await login(p.username, p.password, { ip })).statusCode).toBe(429);
  });

  it('refuses a client after 50 failures across accounts in 15 minutes', async () => {
    const ip = '198.51.100.230';
    const key = clientKey('player', ctx.database.agencyId, ip);
    // 49 failures already counted from this address (the attempts-per-minute limit would stop a real run sooner)
    for (let i = 0; i < 49; i++) await ctx.app.rateLimiter.record(LOGIN_LIMITS.loginFailuresPerIp, key);
    const p = await registerPlayer(ctx.app);
    expect((await login(p.username, p.password, { ip })).statusCode).toBe(200);
    expect((await login('someone_else', 'wrong', { ip })).statusCode).toBe(401);
    expect((await login(p.username, p.password, { ip })).statusCode).toBe(429);
    expect((await login(p.username, p.password, { ip: '198.51.100.231' })).statusCode).toBe(200);
  });

  it('sets the device cookie once: HttpOnly, for the API only, a year long', async () => {
    const p = await registerPlayer(ctx.app);
    const first = await login(p.username, p.password);
    const cookie = [first.headers['set-cookie']].flat().find((c) => String(c).startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/^lc_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/api\/; HttpOnly; SameSite=Lax$/);
    const again = await login(p.username, p.password, { headers: { cookie: deviceCookie(first) } });
    expect([again.headers['set-cookie']].flat().some((c) => String(c).startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
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
