import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import {
  createRateLimiter,
  postgresRateLimitStore,
  purgeExpiredCounters,
  redisRateLimitStore,
  type RateLimitStore,
} from '../../plugins/rate-limit.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { RedisProcess } from '../../test/redis-process.js';
import { registerPlayer } from '../../test/players.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
let ctx: TestContext;
let redis: RateLimitStore;
beforeAll(async () => {
  ctx = await createTestApp();
  // a prefix per run: the Redis server is shared by every test run on this machine
  redis = redisRateLimitStore(REDIS_URL, `test-rl:${randomBytes(6).toString('hex')}:`);
});
afterAll(async () => {
  await redis.close();
  await ctx.close();
});

const WINDOW = 15 * 60_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

describe.each([
  ['PostgreSQL', () => postgresRateLimitStore(ctx.app.db)],
  ['Redis', () => redis],
])('the %s store', (_name, store) => {
  it('counts hits of the current and previous window, never older ones', async () => {
    const s = store();
    const key = `k-${randomBytes(4).toString('hex')}`;
    expect(await s.count(key, WINDOW, T0)).toBe(0);
    expect(await s.hit(key, WINDOW, T0)).toBe(1);
    expect(await s.hit(key, WINDOW, T0 + 1000)).toBe(2);
    // next window: the previous one still counts, so no span of one window exceeds the limit
    expect(await s.hit(key, WINDOW, T0 + WINDOW)).toBe(3);
    expect(await s.count(key, WINDOW, T0 + WINDOW + 5)).toBe(3);
    // two windows on, only the last one's hit remains
    expect(await s.count(key, WINDOW, T0 + 2 * WINDOW)).toBe(1);
    expect(await s.count(key, WINDOW, T0 + 3 * WINDOW)).toBe(0);
  });

  it('tallies one hit and the counts of other keys, each in its own windows, in one call', async () => {
    const s = store();
    const [h, a, b, none] = ['h', 'a', 'b', 'none'].map((p) => `${p}-${randomBytes(4).toString('hex')}`) as [
      string,
      string,
      string,
      string,
    ];
    const MINUTE = 60_000;
    await s.hit(h, WINDOW, T0);
    await s.hit(a, WINDOW, T0);
    await s.hit(a, WINDOW, T0 + WINDOW);
    // a one-minute window: the hit of the minute before counts, the one a quarter of an hour before does not
    await s.hit(b, MINUTE, T0);
    await s.hit(b, MINUTE, T0 + WINDOW - MINUTE);
    const keys = [
      { key: a, windowMs: WINDOW },
      { key: b, windowMs: MINUTE },
      { key: none, windowMs: WINDOW },
    ];
    expect(await s.tally({ key: h, windowMs: WINDOW }, keys, T0 + WINDOW)).toEqual({ hit: 2, counts: [2, 1, 0] });
    expect(await s.tally(null, [{ key: h, windowMs: WINDOW }, keys[1]!], T0 + WINDOW + MINUTE)).toEqual({ hit: 0, counts: [2, 0] });
    expect(await s.count(h, WINDOW, T0 + WINDOW)).toBe(2);
  });

  it('keeps keys apart and forgets one on clear', async () => {
    const s = store();
    const a = `a-${randomBytes(4).toString('hex')}`;
    const b = `b-${randomBytes(4).toString('hex')}`;
    await s.hit(a, WINDOW);
    await s.hit(a, WINDOW);
    await s.hit(b, WINDOW);
    await s.clear(a, WINDOW);
    expect(await s.count(a, WINDOW)).toBe(0);
    expect(await s.count(b, WINDOW)).toBe(1);
  });

  it('forgets every key under a prefix on clearPrefix, and no other (a username with a glob or LIKE character)', async () => {
    const s = store();
    const p = `p-${randomBytes(4).toString('hex')}:a_*[x]%:`;
    await s.hit(`${p}ip1`, WINDOW);
    await s.hit(`${p}ip2`, WINDOW, Date.now() - WINDOW);
    await s.hit(`${p.replace('a_', 'ab')}ip1`, WINDOW);
    await s.clearPrefix(p);
    expect(await s.count(`${p}ip1`, WINDOW)).toBe(0);
    expect(await s.count(`${p}ip2`, WINDOW)).toBe(0);
    expect(await s.count(`${p.replace('a_', 'ab')}ip1`, WINDOW)).toBe(1);
  });

  it("tells when a refused key may try again: its window's end, or the next one's when its own window is full", async () => {
    const limiter = createRateLimiter(store(), true);
    const limit = { name: `r-${randomBytes(4).toString('hex')}`, max: 3, windowMs: WINDOW };
    const start = Math.floor(Date.now() / WINDOW) * WINDOW;
    for (let i = 0; i < 3; i++) await limiter.record(limit, 'ip');
    await expect(limiter.check(limit, 'ip')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      fields: { retryAt: new Date(start + 2 * WINDOW).toISOString() },
    });
    expect(await limiter.retryAt({ ...limit, max: 4 }, 'ip')).toEqual(new Date(start + WINDOW));
  });

  it('counts a hit stamped before a window boundary but applied after one stamped past it in the later window', async () => {
    const s = store();
    const key = `s-${randomBytes(4).toString('hex')}`;
    const boundary = T0 + WINDOW;
    expect(await s.hit(key, WINDOW, boundary + 1)).toBe(1);
    // a request that waited for a connection while another crossed the boundary
    expect(await s.hit(key, WINDOW, boundary - 1)).toBe(2);
    expect(await s.count(key, WINDOW, boundary + 2)).toBe(2);
    expect(await s.count(key, WINDOW, boundary + WINDOW)).toBe(2);
    expect(await s.count(key, WINDOW, boundary + 2 * WINDOW)).toBe(0);
    // two windows on the count starts afresh
    expect(await s.hit(key, WINDOW, boundary + 2 * WINDOW)).toBe(1);
  });

  it('answers each hit of a concurrent burst straddling a window boundary its own count: one pass a limit of one', async () => {
    const s = store();
    const key = `x-${randomBytes(4).toString('hex')}`;
    const boundary = T0 + 5 * WINDOW;
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => s.hit(key, WINDOW, boundary + (i % 2 ? 1 : -1))));
    expect(hits.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('counts concurrent hits exactly', async () => {
    const s = store();
    const key = `c-${randomBytes(4).toString('hex')}`;
    await Promise.all(Array.from({ length: 25 }, () => s.hit(key, WINDOW)));
    expect(await s.count(key, WINDOW)).toBe(25);
  });

  it('lets exactly the first `max` of a concurrent burst through', async () => {
    const limiter = createRateLimiter(store(), true);
    const limit = { name: `b-${randomBytes(4).toString('hex')}`, max: 3, windowMs: WINDOW };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.consume(limit, 'one-order')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });

  it('backs a limiter that refuses once the limit is reached', async () => {
    const limiter = createRateLimiter(store(), true);
    const limit = { name: `l-${randomBytes(4).toString('hex')}`, max: 3, windowMs: WINDOW };
    for (let i = 0; i < 3; i++) await limiter.consume(limit, 'ip');
    await expect(limiter.consume(limit, 'ip')).rejects.toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    await limiter.reset(limit, 'ip');
    await expect(limiter.check(limit, 'ip')).resolves.toBeUndefined();
  });
});

describe('the limiter when disabled', () => {
  it('never refuses and counts nothing', async () => {
    const s = postgresRateLimitStore(ctx.app.db);
    const limiter = createRateLimiter(s, false);
    const limit = { name: 'off', max: 1, windowMs: WINDOW };
    for (let i = 0; i < 5; i++) await limiter.consume(limit, 'ip');
    expect(await s.count('off:ip', WINDOW)).toBe(0);
  });
});

describe('purgeExpiredCounters', () => {
  it('drops windows nobody reads any more and keeps live ones', async () => {
    const s = postgresRateLimitStore(ctx.app.db);
    await s.hit('old-key', 60_000, Date.now() - 10 * 60_000);
    await s.hit('live-key', 60_000);
    await purgeExpiredCounters(ctx.app.db);
    const rows = await queryRows<{ key: string }>(ctx.app.db, sql`SELECT key FROM rate_limits WHERE key IN ('old-key', 'live-key')`);
    expect(rows.map((r) => r.key)).toEqual(['live-key']);
  });
});

describe('migration 0130', () => {
  it("carries each key's live windows of rate_limit_counters over to its row in rate_limits", async () => {
    const key = (n: string) => `m130-${n}-${randomBytes(4).toString('hex')}`;
    const [both, gap, expired] = [key('both'), key('gap'), key('expired')];
    const w = 60_000;
    const start = Math.floor(Date.now() / w) * w;
    const row = (k: string, at: number, count: number) =>
      sql`(${k}, ${new Date(at).toISOString()}, ${count}, ${new Date(at + 2 * w).toISOString()})`;
    await ctx.app.db.execute(
      sql`INSERT INTO rate_limit_counters (key, window_start, count, expires_at) VALUES
          ${row(both, start - w, 2)}, ${row(both, start, 3)}, ${row(gap, start - 3 * w, 4)}, ${row(gap, start, 1)}, ${row(expired, start - 5 * w, 9)}`,
    );
    const file = readFileSync(new URL('../../db/migrations/0130_rate_limits.sql', import.meta.url), 'utf8');
    await ctx.app.db.execute(sql.raw(file.slice(file.indexOf('INSERT INTO rate_limits'))));
    const s = postgresRateLimitStore(ctx.app.db);
    // read at the copied windows' time, whichever minute it is now
    expect(await s.count(both, w, start + 1)).toBe(5);
    expect(await s.count(gap, w, start + 1)).toBe(1);
    expect(await s.count(expired, w, start + 1)).toBe(0);
    expect(await s.hit(both, w, start + 2)).toBe(6);
  });
});

describe('an app with REDIS_URL', () => {
  it("counts failed logins in Redis: a client's 6th try gets 429, a stranger's budget does not stop the owner", async () => {
    const redisApp = await createTestApp({ REDIS_URL });
    try {
      const p = await registerPlayer(redisApp.app);
      const login = (password: string, remoteAddress: string) =>
        redisApp.app.inject({
          method: 'POST',
          url: '/api/v2/players/login',
          remoteAddress,
          headers: { host: 'localhost' },
          payload: { username: p.username, password },
        });
      for (let i = 0; i < 5; i++) expect((await login(`wrong-${i}`, '192.0.2.1')).statusCode).toBe(401);
      expect((await login(p.password, '192.0.2.1')).statusCode).toBe(429);
      for (let i = 0; i < 10; i++) expect((await login(`wrong-${i}`, `192.0.2.${10 + i}`)).statusCode).toBe(i < 5 ? 401 : 429);
      expect((await login(p.password, '192.0.2.99')).statusCode).toBe(429);
      expect((await login(p.password, p.address)).statusCode).toBe(200);
      const rows = await queryRows<{ n: number }>(redisApp.app.db, sql`SELECT count(*)::int AS n FROM rate_limits`);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await redisApp.close();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE while its Redis is down (limits fail closed), and the same call succeeds once it is back', async () => {
    const own = new RedisProcess(20_000 + Math.floor(Math.random() * 20_000));
    await own.start();
    const redisApp = await createTestApp({ REDIS_URL: own.url });
    try {
      const p = await registerPlayer(redisApp.app);
      const login = () =>
        redisApp.app.inject({
          method: 'POST',
          url: '/api/v2/players/login',
          remoteAddress: p.address,
          headers: { host: 'localhost' },
          payload: { username: p.username, password: p.password },
        });
      await own.crash();
      const down = await login();
      expect([down.statusCode, down.json()]).toEqual([
        503,
        { error: { code: 'SERVICE_UNAVAILABLE', message: 'Please try again in a moment.' } },
      ]);
      expect(down.headers['retry-after']).toBe('1');
      await own.start();
      let again = await login();
      // ioredis reconnects on its own schedule: a client that honours Retry-After gets in within a few tries
      for (let i = 0; i < 20 && again.statusCode === 503; i++) {
        await new Promise((r) => setTimeout(r, 250));
        again = await login();
      }
      expect(again.statusCode).toBe(200);
    } finally {
      await redisApp.close();
      await own.stop();
    }
  });

  it('does not limit at all with RATE_LIMIT_ENABLED=false', async () => {
    const open = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    try {
      const p = await registerPlayer(open.app);
      for (let i = 0; i < 12; i++) {
        const res = await open.app.inject({
          method: 'POST',
          url: '/api/v2/players/login',
          headers: { host: 'localhost' },
          payload: { username: p.username, password: 'wrong-password' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await open.close();
    }
  });
});
