import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { queryRows, type Db } from '../db/client.js';
import { AppError } from '../errors.js';

/**
 * Counters in fixed windows. A key's count is the sum of its current and previous window, so a
 * limit of N per window is never exceeded within ANY span of one window length (the price: a key
 * that hit the limit waits up to two windows). docs/decisions/006-sessions-and-rate-limits.md
 */
export interface RateLimitStore {
  /** Adds one hit to `key` and answers the hits of its current and previous window. */
  hit(key: string, windowMs: number, now?: number): Promise<number>;
  /** The hits of the current and previous window, adding none. */
  count(key: string, windowMs: number, now?: number): Promise<number>;
  /** Forgets every hit of `key`. */
  clear(key: string, windowMs: number, now?: number): Promise<void>;
  /** Answers once the store is reachable (`/readyz`); absent when the store is the database itself. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

const windowOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** The default store: one row per key and window in `rate_limit_counters`, shared by every instance. */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  async function sum(key: string, windowMs: number, now: number): Promise<number> {
    const since = new Date(windowOf(now, windowMs) - windowMs).toISOString();
    const rows = await queryRows<{ n: string | number | null }>(
      db,
      sql`SELECT sum(count) AS n FROM rate_limit_counters WHERE key = ${key} AND window_start >= ${since}`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  return {
    async hit(key, windowMs, now = Date.now()) {
      const start = windowOf(now, windowMs);
      const expires = new Date(start + 2 * windowMs).toISOString();
      // this hit's own count, as its increment left it (RETURNING), not a sum read after other hits
      // landed too: of a burst of N, exactly the first `max` pass, as with Redis's INCR
      const rows = await queryRows<{ n: string | number }>(
        db,
        sql`WITH cur AS (
              INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
              VALUES (${key}, ${new Date(start).toISOString()}, 1, ${expires})
              ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
              RETURNING count)
            SELECT (SELECT count FROM cur) + coalesce((SELECT count FROM rate_limit_counters
                     WHERE key = ${key} AND window_start = ${new Date(start - windowMs).toISOString()}), 0) AS n`,
      );
      return Number(rows[0]!.n);
    },
    count: (key, windowMs, now = Date.now()) => sum(key, windowMs, now),
    async clear(key) {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE key = ${key}`);
    },
    async close() {},
  };
}

/** Removes windows nobody reads any more (PostgreSQL store only; Redis keys expire by themselves). */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_counters WHERE expires_at < now()`);
}

/**
 * The shared counters could not be read or written (Redis restarting, unreachable). The limits fail
 * closed: the call is answered 503 SERVICE_UNAVAILABLE, to be sent again in a moment, rather than let
 * through uncounted, so that an outage of Redis is never a window for guessing passwords
 * (docs/decisions/062-unavailable-dependencies.md).
 */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super('the rate-limit store is out of reach', { cause });
    this.name = 'StoreUnavailable';
  }
}

async function reachable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw new StoreUnavailable(err);
  }
}

/** The store for several instances with REDIS_URL: one expiring key per key and window. */
export function redisRateLimitStore(url: string, prefix = 'rl:', onError: (err: Error) => void = () => {}): RateLimitStore {
  // a command fails after two reconnect attempts instead of waiting for Redis forever
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // without a listener ioredis prints every connection error to the console
  redis.on('error', onError);
  const k = (key: string, start: number) => `${prefix}${key}:${start}`;
  return {
    async hit(key, windowMs, now = Date.now()) {
      const start = windowOf(now, windowMs);
      const res = await reachable(
        redis
          .multi()
          .incr(k(key, start))
          .pexpire(k(key, start), 2 * windowMs)
          .get(k(key, start - windowMs))
          .exec(),
      );
      if (!res) throw new StoreUnavailable(new Error('rate limit transaction aborted'));
      return Number(res[0]?.[1] ?? 0) + Number(res[2]?.[1] ?? 0);
    },
    async count(key, windowMs, now = Date.now()) {
      const start = windowOf(now, windowMs);
      const [cur, prev] = await reachable(redis.mget(k(key, start), k(key, start - windowMs)));
      return Number(cur ?? 0) + Number(prev ?? 0);
    },
    async clear(key, windowMs, now = Date.now()) {
      const start = windowOf(now, windowMs);
      await reachable(redis.del(k(key, start), k(key, start - windowMs)));
    },
    async ping() {
      await reachable(redis.ping());
    },
    async close() {
      await redis.quit();
    },
  };
}

/**
 * A budget of attempts per key in a sliding window. Each limit lives with the code that counts against it
 * (login-throttle.ts, the accounts and deposits modules); its `name` prefixes its keys, so it is unique.
 */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt; RATE_LIMITED once more than `max` were counted. */
  consume(limit: Limit, key: string): Promise<void>;
  /** RATE_LIMITED when `max` attempts were already counted (counts nothing). */
  check(limit: Limit, key: string): Promise<void>;
  /** Whether `max` attempts were already counted (counts nothing; never, when limits are off). */
  exceeded(limit: Limit, key: string): Promise<boolean>;
  /** Counts one attempt without refusing (a failure seen after the fact). */
  record(limit: Limit, key: string): Promise<void>;
  reset(limit: Limit, key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** the counters' store: Redis with REDIS_URL, else the database */
    rateLimitStore: RateLimitStore;
  }
}

export const refused = () => new AppError('RATE_LIMITED', 'too many attempts, try again later');

export function createRateLimiter(store: RateLimitStore, enabled: boolean): RateLimiter {
  const id = (limit: Limit, key: string) => `${limit.name}:${key}`;
  if (!enabled) {
    return { consume: async () => {}, check: async () => {}, exceeded: async () => false, record: async () => {}, reset: async () => {} };
  }
  const exceeded = async (limit: Limit, key: string) => (await store.count(id(limit, key), limit.windowMs)) >= limit.max;
  return {
    async consume(limit, key) {
      if ((await store.hit(id(limit, key), limit.windowMs)) > limit.max) throw refused();
    },
    async check(limit, key) {
      if (await exceeded(limit, key)) throw refused();
    },
    exceeded,
    async record(limit, key) {
      await store.hit(id(limit, key), limit.windowMs);
    },
    async reset(limit, key) {
      await store.clear(id(limit, key), limit.windowMs);
    },
  };
}

/** `app.rateLimiter`, on Redis when REDIS_URL is set, else on the database. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const store = app.config.REDIS_URL
    ? redisRateLimitStore(app.config.REDIS_URL, 'rl:', (err) => app.log.warn({ err }, 'redis (rate limits)'))
    : postgresRateLimitStore(app.db);
  app.decorate('rateLimiter', createRateLimiter(store, app.config.RATE_LIMIT_ENABLED));
  app.decorate('rateLimitStore', store);
  let purge: NodeJS.Timeout | undefined;
  if (!app.config.REDIS_URL && app.config.RATE_LIMIT_ENABLED) {
    purge = setInterval(() => {
      purgeExpiredCounters(app.db).catch((err: unknown) => app.log.warn({ err }, 'rate limit purge failed'));
    }, 10 * 60_000);
    purge.unref();
  }
  app.addHook('onClose', async () => {
    if (purge) clearInterval(purge);
    await store.close();
  });
});
