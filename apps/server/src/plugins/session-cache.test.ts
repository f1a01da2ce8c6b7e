import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openDatabase, queryRows, type Database } from '../db/client.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { loginPlayer, registerPlayer } from '../test/players.js';
import { addBankAccount, staffLogin } from '../modules/withdrawals/withdrawals.test-helpers.js';

// Two server instances on one database, each answering sessions from its memory (decision 043):
// a change made through one instance, or by SQL, ends the session on the other as soon as the
// database's notification arrives (polled for at most NOTIFIED_WITHIN_MS), and at once on the first.
const NOTIFIED_WITHIN_MS = 3000;
let ctx: TestContext;
let other: FastifyInstance;
let otherDatabase: Database | null = null;

beforeAll(async () => {
  ctx = await createTestApp({ SESSION_CACHE_SECONDS: '30' });
  // PostgreSQL: a second pool and listener on the same database; PGlite: the same embedded database
  if (ctx.database.url) otherDatabase = await openDatabase({ url: ctx.database.url });
  other = await buildApp({ config: ctx.config, database: otherDatabase ?? ctx.database, logger: false });
  await other.ready();
  // both listen before any test starts
  for (const app of [ctx.app, other]) {
    for (let i = 0; i < 500 && !app.sessionCaches.get('player')?.enabled; i++) await new Promise((r) => setTimeout(r, 20));
  }
});

afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await ctx?.close();
});

const info = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie, 'sec-fetch-site': 'same-origin' } });
const status = async (app: FastifyInstance, cookie: string) => (await info(app, cookie)).statusCode;
const endsOn = (app: FastifyInstance, cookie: string) =>
  expect.poll(() => status(app, cookie), { timeout: NOTIFIED_WITHIN_MS, interval: 20 }).toBe(401);

/** Both instances have the session in memory. */
async function readOnBoth(cookie: string) {
  expect(await status(ctx.app, cookie)).toBe(200);
  expect(await status(other, cookie)).toBe(200);
}

describe('sessions kept in memory by two instances', () => {
  it('are kept by both instances, listening', () => {
    expect([ctx.app, other].map((app) => app.sessionCaches.get('player')?.enabled)).toEqual([true, true]);
  });

  it('answer from memory while the database says nothing changed', async () => {
    const p = await registerPlayer(ctx.app);
    await readOnBoth(p.cookie);
    // a change the database does not announce (its trigger off) is not seen: the answer came from memory
    await ctx.app.db.execute(sql`ALTER TABLE players DISABLE TRIGGER players_session_changed`);
    try {
      await ctx.app.db.execute(sql`UPDATE players SET display_name = 'Renamed quietly' WHERE id = ${p.playerId}`);
      expect((await info(other, p.cookie)).json().player.displayName).not.toBe('Renamed quietly');
    } finally {
      await ctx.app.db.execute(sql`ALTER TABLE players ENABLE TRIGGER players_session_changed`);
    }
    // announced, the next answer is the database's
    await ctx.app.db.execute(sql`UPDATE players SET display_name = 'Renamed aloud' WHERE id = ${p.playerId}`);
    await expect
      .poll(async () => (await info(other, p.cookie)).json().player.displayName, { timeout: NOTIFIED_WITHIN_MS, interval: 20 })
      .toBe('Renamed aloud');
  });

  it('answer players/info anew on both instances once a bank account is added (the kept answer goes with its session)', async () => {
    const p = await registerPlayer(ctx.app);
    await readOnBoth(p.cookie);
    expect((await info(other, p.cookie)).json().bankAccounts).toEqual([]);
    await addBankAccount(ctx.app, p);
    expect((await info(ctx.app, p.cookie)).json().bankAccounts).toHaveLength(1);
    await expect
      .poll(async () => (await info(other, p.cookie)).json().bankAccounts.length, { timeout: NOTIFIED_WITHIN_MS, interval: 20 })
      .toBe(1);
  });

  it('end a session logged out on one instance on the other', async () => {
    const p = await registerPlayer(ctx.app);
    await readOnBoth(p.cookie);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v2/players/logout', headers: { host: 'localhost', cookie: p.cookie } });
    expect(out.statusCode).toBe(200);
    expect(await status(ctx.app, p.cookie)).toBe(401);
    await endsOn(other, p.cookie);
  });

  it('end every other session at a password change, on both instances', async () => {
    const p = await registerPlayer(ctx.app, { password: 'current-pass' });
    const second = await loginPlayer(ctx.app, p.username, 'current-pass');
    await readOnBoth(p.cookie);
    await readOnBoth(second.cookie);
    const res = await other.inject({
      method: 'POST',
      url: '/api/v2/players/security/password/change',
      headers: { host: 'localhost', cookie: p.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { currentPassword: 'current-pass', newPassword: 'brand-new-pass', confirmNewPassword: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(other, second.cookie)).toBe(401);
    await endsOn(ctx.app, second.cookie);
    await endsOn(ctx.app, p.cookie);
  });

  it('end the sessions of a player blocked by SQL, and of one whose session expired', async () => {
    const blocked = await registerPlayer(ctx.app);
    const expired = await registerPlayer(ctx.app);
    const idle = await registerPlayer(ctx.app);
    for (const p of [blocked, expired, idle]) await readOnBoth(p.cookie);
    await ctx.app.db.execute(sql`UPDATE players SET status = 'blocked' WHERE id = ${blocked.playerId}`);
    await ctx.app.db.execute(
      sql`UPDATE player_sessions SET expires_at = now() - interval '1 second' WHERE player_id = ${expired.playerId}`,
    );
    await ctx.app.db.execute(
      sql`UPDATE player_sessions SET last_seen_at = now() - make_interval(mins => ${ctx.config.SESSION_IDLE_MINUTES + 1}::int)
          WHERE player_id = ${idle.playerId}`,
    );
    for (const p of [blocked, expired, idle]) for (const app of [ctx.app, other]) await endsOn(app, p.cookie);
  });

  it('end a blocked staff member’s session on both instances', async () => {
    const staff = await staffLogin(ctx.app, ctx.database.agencyId, 'support');
    const queue = (app: FastifyInstance) =>
      app.inject({ url: '/api/v2/backoffice/withdrawals', headers: { host: 'localhost', cookie: staff.cookie } }).then((r) => r.statusCode);
    expect(await queue(ctx.app)).toBe(200);
    expect(await queue(other)).toBe(200);
    await ctx.app.db.execute(sql`UPDATE staff_users SET active = false WHERE username = ${staff.username}`);
    for (const app of [ctx.app, other]) await expect.poll(() => queue(app), { timeout: NOTIFIED_WITHIN_MS, interval: 20 }).toBe(401);
  });

  it('read every session from the database while the notifications are lost', async () => {
    if (!ctx.database.url) return; // PGlite's notifications are in-process: never lost
    const p = await registerPlayer(ctx.app);
    await readOnBoth(p.cookie);
    await queryRows(
      ctx.app.db,
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await expect.poll(() => other.sessionCaches.get('player')?.enabled, { timeout: NOTIFIED_WITHIN_MS, interval: 10 }).toBe(false);
    await ctx.app.db.execute(sql`ALTER TABLE players DISABLE TRIGGER players_session_changed`);
    try {
      await ctx.app.db.execute(sql`UPDATE players SET status = 'blocked' WHERE id = ${p.playerId}`);
      expect(await status(other, p.cookie)).toBe(401);
    } finally {
      await ctx.app.db.execute(sql`ALTER TABLE players ENABLE TRIGGER players_session_changed`);
    }
    // and it listens again
    await expect.poll(() => other.sessionCaches.get('player')?.enabled, { timeout: 10_000 }).toBe(true);
  });
});
