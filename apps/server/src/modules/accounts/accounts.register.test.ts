import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FINGERPRINT_HEADER } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer } from '../../test/players.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

let n = 0;
function register(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  n += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    remoteAddress: `192.0.2.${n}`,
    headers: { host: 'localhost', [FINGERPRINT_HEADER]: 'fp-1', ...headers },
    payload,
  });
}
const valid = { username: 'somchai_01', password: 'longenough', confirmPassword: 'longenough', fingerprint: 'fp-1' };

describe('POST /v2/players/register', () => {
  it('creates the player, logs in and answers the player', async () => {
    const res = await register({ ...valid, username: 'new-player' });
    expect(res.statusCode).toBe(201);
    expect(res.json().player).toMatchObject({ username: 'new-player', displayName: 'new-player' });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const info = await ctx.app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie } });
    expect(info.statusCode).toBe(200);
    expect(info.json().player.id).toBe(res.json().player.id);
  });

  it.each([
    ['uppercase', 'Somchai1', 'username.validation.pattern'],
    ['Lao script', 'ສົມໃຈສົມໃຈ', 'username.validation.pattern'],
    ['a space', 'som chai', 'username.validation.pattern'],
    ['too short', 'abc12', 'username.validation.min'],
    ['too long', 'a'.repeat(21), 'username.validation.max'],
    ['empty', '', 'username.validation.required'],
  ])('refuses a username with %s with a field error', async (_what, username, key) => {
    const res = await register({ ...valid, username });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { username: key } });
  });

  it('refuses a 7-character password', async () => {
    const res = await register({ ...valid, password: 'seven77', confirmPassword: 'seven77' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: 'password.validation.min' });
  });

  it('refuses a password over 64 characters', async () => {
    const long = 'x'.repeat(65);
    const res = await register({ ...valid, password: long, confirmPassword: long });
    expect(res.json().error.fields).toEqual({ password: 'password.validation.max' });
  });

  it('refuses a confirmation that does not match, on confirmPassword', async () => {
    const res = await register({ ...valid, confirmPassword: 'different1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ confirmPassword: 'password.validation.mismatch' });
  });

  it('refuses a missing or different fingerprint header', async () => {
    const res = await register({ ...valid, username: 'fp-check' }, { [FINGERPRINT_HEADER]: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ fingerprint: 'fingerprint.validation.header_mismatch' });
  });

  it('answers USERNAME_EXIST for a taken username in the same agency', async () => {
    await registerPlayer(ctx.app, { username: 'taken_name' });
    const res = await register({ ...valid, username: 'taken_name' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'USERNAME_EXIST', fields: { username: 'username.validation.username_exist' } });
  });

  it('stores only an argon2id hash of the password', async () => {
    const p = await registerPlayer(ctx.app);
    const rows = await queryRows<{ password_hash: string }>(ctx.app.db, sql`SELECT password_hash FROM players WHERE id = ${p.playerId}`);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(rows[0]!.password_hash).not.toContain(p.password);
  });
});

describe('POST /v2/players/username/validate', () => {
  const check = (username: unknown, ip = '192.0.2.200') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/players/username/validate',
      remoteAddress: ip,
      headers: { host: 'localhost' },
      payload: { username },
    });

  it('answers valid and free, valid and taken, or invalid with the message key', async () => {
    await registerPlayer(ctx.app, { username: 'already_here' });
    expect((await check('fresh_name')).json()).toEqual({ valid: true, available: true });
    expect((await check('already_here')).json()).toEqual({
      valid: true,
      available: false,
      reason: 'username.validation.username_exist',
    });
    expect((await check('Capital1')).json()).toEqual({ valid: false, available: false, reason: 'username.validation.pattern' });
    expect((await check('ສົມໃຈສົມໃຈ')).json()).toMatchObject({ valid: false, reason: 'username.validation.pattern' });
    expect((await check('abc')).json()).toMatchObject({ valid: false, reason: 'username.validation.min' });
  });

  it('answers a body without a string username with 400', async () => {
    const res = await check(42);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['username']);
  });

  it('limits one address to 60 checks a minute', async () => {
    for (let i = 0; i < 60; i++) expect((await check(`name_${i}x`, '192.0.2.201')).statusCode).toBe(200);
    expect((await check('one_more', '192.0.2.201')).statusCode).toBe(429);
  });
});

describe('registration limits per address', () => {
  it('refuses the 21st registration from one address within the hour', async () => {
    const ip = '192.0.2.250';
    const attempt = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        remoteAddress: ip,
        headers: { host: 'localhost', [FINGERPRINT_HEADER]: 'fp-1' },
        payload: { ...valid, username: `bulk_${i}_user` },
      });
    for (let i = 0; i < 20; i++) expect((await attempt(i)).statusCode).toBe(201);
    const res = await attempt(20);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});
