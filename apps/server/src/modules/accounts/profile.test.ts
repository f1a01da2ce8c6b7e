import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { loginPlayer, registerPlayer } from '../../test/players.js';
import { vientianeDay } from '../shared/business-day.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ url, headers: cookie ? { host: 'localhost', cookie } : { host: 'localhost' } });
const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { host: 'localhost', cookie } : { host: 'localhost' },
  });

const fingerprint = (hash: string) => ({
  screen: '1920x1080',
  version: '1',
  timezone: 'Asia/Vientiane',
  userAgent: 'Mozilla/5.0',
  plugins: 'PDF Viewer',
  webGL: { version: 'WebGL 1.0', vendor: 'v', vendorUnmasked: 'vu', renderer: 'r', rendererUnmasked: 'ru', shadingLanguageVersion: 's' },
  audio: '124.04',
  platform: 'Linux x86_64',
  fingerprint: hash,
  memory: '8',
  fonts: 'Arial,Noto Sans Lao',
  languages: 'lo,en',
  hardwareConcurrency: '4',
  vendor: 'Google Inc.',
});

describe('GET /v2/players/info', () => {
  it('answers the player, the credential and the bank accounts', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await get('/api/v2/players/info', p.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.player).toMatchObject({ id: p.playerId, username: p.username, displayName: p.username });
    expect(body.credential.username).toBe(p.username);
    expect(Date.parse(body.credential.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Array.isArray(body.bankAccounts)).toBe(true);
  });
});

describe('GET /v2/players/backlist', () => {
  it('tells whether the player is blocked from promotions', async () => {
    const p = await registerPlayer(ctx.app);
    expect((await get('/api/v2/players/backlist', p.cookie)).json()).toEqual({ isBlocked: false });
    await ctx.app.db.execute(sql`UPDATE players SET promotion_blocked = true WHERE id = ${p.playerId}`);
    expect((await get('/api/v2/players/backlist', p.cookie)).json()).toEqual({ isBlocked: true });
    expect((await get('/api/v2/players/backlist')).statusCode).toBe(401);
  });
});

describe('POST /v2/fingerprint', () => {
  it('keeps one row per player and day, the latest payload winning', async () => {
    const p = await registerPlayer(ctx.app);
    expect((await post('/api/v2/fingerprint', fingerprint('aaa'), p.cookie)).json()).toEqual({ ok: true });
    expect((await post('/api/v2/fingerprint', fingerprint('bbb'), p.cookie)).statusCode).toBe(200);
    const rows = await queryRows<{ day: string | Date; hash: string; payload: { fingerprint: string } }>(
      ctx.app.db,
      sql`SELECT day::text AS day, hash, payload FROM player_fingerprints WHERE player_id = ${p.playerId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day: vientianeDay(), hash: 'bbb', payload: { fingerprint: 'bbb' } });
  });

  it('needs a session first, then a complete payload', async () => {
    expect((await post('/api/v2/fingerprint', { nonsense: 1 })).statusCode).toBe(401);
    const p = await registerPlayer(ctx.app);
    const res = await post('/api/v2/fingerprint', { ...fingerprint('x'), webGL: 'no' }, p.cookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('webGL');
  });
});

describe('vientianeDay', () => {
  it('turns at midnight in Vientiane (17:00 UTC)', () => {
    expect(vientianeDay(Date.parse('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
    expect(vientianeDay(Date.parse('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
  });
});

describe('POST /v2/players/security/password/change', () => {
  const change = (cookie: string, body: Record<string, unknown>) => post('/api/v2/players/security/password/change', body, cookie);

  it.each([
    [
      'a 7-character new password',
      { newPassword: 'seven77', confirmNewPassword: 'seven77' },
      { newPassword: 'password.validation.min', confirmNewPassword: 'password.validation.min' },
    ],
    [
      'a confirmation that differs',
      { newPassword: 'newpassword', confirmNewPassword: 'newpassworx' },
      { confirmNewPassword: 'password.validation.mismatch' },
    ],
    [
      'a missing confirmation',
      { newPassword: 'newpassword', confirmNewPassword: undefined },
      { confirmNewPassword: 'password.validation.please_enter_password' },
    ],
    [
      'the current password as the new one',
      { newPassword: 'current-pass', confirmNewPassword: 'current-pass' },
      { newPassword: 'password.validation.same_as_current' },
    ],
  ])('refuses %s with its message key', async (_what, patch, fields) => {
    const p = await registerPlayer(ctx.app, { password: 'current-pass' });
    const res = await change(p.cookie, { currentPassword: 'current-pass', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('refuses a wrong current password and keeps the session', async () => {
    const p = await registerPlayer(ctx.app, { password: 'current-pass' });
    const res = await change(p.cookie, { currentPassword: 'wrong-pass', newPassword: 'newpassword', confirmNewPassword: 'newpassword' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'PASSWORD_INCORRECT' });
    expect((await get('/api/v2/players/info', p.cookie)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await post('/api/v2/players/security/password/change', {});
    expect(res.statusCode).toBe(401);
  });

  it('changes the password and ends every session of the player, this one included', async () => {
    const p = await registerPlayer(ctx.app, { password: 'current-pass' });
    const other = await loginPlayer(ctx.app, p.username, 'current-pass');
    const res = await change(p.cookie, {
      currentPassword: 'current-pass',
      newPassword: 'brand-new-pass',
      confirmNewPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/);
    expect((await get('/api/v2/players/info', p.cookie)).statusCode).toBe(401);
    expect((await get('/api/v2/players/info', other.cookie)).statusCode).toBe(401);
    const oldPassword = await post('/api/v2/players/login', { username: p.username, password: 'current-pass' });
    expect(oldPassword.statusCode).toBe(401);
    const again = await loginPlayer(ctx.app, p.username, 'brand-new-pass');
    expect((await get('/api/v2/players/info', again.cookie)).statusCode).toBe(200);
  });

  it('refuses a change posted from a foreign origin', async () => {
    const p = await registerPlayer(ctx.app, { password: 'current-pass' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/players/security/password/change',
      headers: { host: 'localhost', cookie: p.cookie, origin: 'https://evil.example' },
      payload: { currentPassword: 'current-pass', newPassword: 'brand-new-pass', confirmNewPassword: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(403);
    expect((await get('/api/v2/players/info', p.cookie)).statusCode).toBe(200);
  });
});
