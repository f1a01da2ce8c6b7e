import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { queryRows, textArray, type Db } from '../db/client.js';
import { AppError } from '../errors.js';

/**
 * Counters in fixed windows. A key's count is the sum of its current and previous window, so a
 * limit of N per window is never exceeded within ANY span of one window length (the price: a key
 * that hit the limit waits up to two windows). docs/decisions/006-sessions-and-rate-limits.md
 */
/** A key and the length of its windows. */
export interface Counted {
  key: string;
  windowMs: number;
}

export interface RateLimitStore {
  /**
   * In one round trip: adds one hit to `hit` (when given) and answers its hits as `hit` does, and the
   * hits of each of `keys` as `count` does (adding none), in their order; `hit` is not one of `keys`.
   */
  tally(hit: Counted | null, keys: readonly Counted[], now?: number): Promise<{ hit: number; counts: number[] }>;
  /** Adds one hit to `key` and answers the hits of its current and previous window. */
  hit(key: string, windowMs: number, now?: number): Promise<number>;
  /** The hits of the current and previous window, adding none. */
  count(key: string, windowMs: number, now?: number): Promise<number>;
  /** Forgets every hit of `key`. */
  clear(key: string, windowMs: number, now?: number): Promise<void>;
  /** Forgets every hit of every key that starts with `prefix` (staff lifting a login lock). */
  clearPrefix(prefix: string): Promise<void>;
  /** Answers once the store is reachable (`/readyz`); absent when the store is the database itself. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

const windowOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** The default store: one row per key and window in `rate_limit_counters`, shared by every instance. */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  const iso = (ms: number) => new Date(ms).toISOString();
  async function tally(hit: Counted | null, keys: readonly Counted[], now = Date.now()) {
    const since = keys.map(({ windowMs }) => iso(windowOf(now, windowMs) - windowMs));
    // each key's current and previous window, summed, in the keys' order
    const counts = sql`ARRAY(SELECT (SELECT coalesce(sum(c.count), 0) FROM rate_limit_counters c
                                      WHERE c.key = k.key AND c.window_start >= k.since)::int
                               FROM unnest(${textArray(keys.map((k) => k.key))}::text[], ${textArray(since)}::timestamptz[])
                                    WITH ORDINALITY AS k(key, since, i) ORDER BY k.i)`;
    let query = sql`SELECT 0 AS hit, ${counts} AS counts`;
    if (hit) {
      const start = windowOf(now, hit.windowMs);
      // this hit's own count, as its increment left it (RETURNING), not a sum read after other hits
      // landed too: of a burst of N, exactly the first `max` pass, as with Redis's INCR
      query = sql`WITH cur AS (
              INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
              VALUES (${hit.key}, ${iso(start)}, 1, ${iso(start + 2 * hit.windowMs)})
              ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
              RETURNING count)
            SELECT (SELECT count FROM cur) + coalesce((SELECT count FROM rate_limit_counters
                     WHERE key = ${hit.key} AND window_start = ${iso(start - hit.windowMs)}), 0) AS hit, ${counts} AS counts`;
    }
    const rows = await queryRows<{ hit: string | number; counts: (string | number)[] | string }>(db, query);
    return { hit: Number(rows[0]!.hit), counts: parseCounts(rows[0]!.counts) };
  }
  return {
    tally,
    hit: async (key, windowMs, now) => (await tally({ key, windowMs }, [], now)).hit,
    count: async (key, windowMs, now) => (await tally(null, [{ key, windowMs }], now)).counts[0]!,
    async clear(key) {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE key = ${key}`);
    },
    async clearPrefix(prefix) {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE starts_with(key, ${prefix})`);
    },
    async close() {},
  };
}

/** An int[] as the driver gave it: an array, or its text (`{1,2}`) where the driver does not parse arrays. */
const parseCounts = (v: (string | number)[] | string): number[] =>
  (typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean) : v).map(Number);

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

/** Every key matching `match`, by SCAN (never KEYS, which stops the server while it runs). */
async function scanAll(redis: Redis, match: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match, count: 500 })) keys.push(...(batch as string[]));
  return keys;
}

/** The store for several instances with REDIS_URL: one expiring key per key and window. */
export function redisRateLimitStore(url: string, keyPrefix = 'rl:', onError: (err: Error) => void = () => {}): RateLimitStore {
  // a command fails after two reconnect attempts instead of waiting for Redis forever
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // without a listener ioredis prints every connection error to the console
  redis.on('error', onError);
  const k = (key: string, start: number) => `${keyPrefix}${key}:${start}`;
  const store: RateLimitStore = {
    async tally(hit, keys, now = Date.now()) {
      const multi = redis.multi();
      if (hit) {
        const start = windowOf(now, hit.windowMs);
        multi
          .incr(k(hit.key, start))
          .pexpire(k(hit.key, start), 2 * hit.windowMs)
          .get(k(hit.key, start - hit.windowMs));
      }
      for (const { key, windowMs } of keys) {
        const start = windowOf(now, windowMs);
        multi.get(k(key, start)).get(k(key, start - windowMs));
      }
      const res = await reachable(multi.exec());
      if (!res) throw new StoreUnavailable(new Error('rate limit transaction aborted'));
      const at = (i: number) => Number(res[i]?.[1] ?? 0);
      const first = hit ? 3 : 0;
      return { hit: hit ? at(0) + at(2) : 0, counts: keys.map((_, i) => at(first + 2 * i) + at(first + 2 * i + 1)) };
    },
    hit: async (key, windowMs, now) => (await store.tally({ key, windowMs }, [], now)).hit,
    count: async (key, windowMs, now) => (await store.tally(null, [{ key, windowMs }], now)).counts[0]!,
    async clear(key, windowMs, now = Date.now()) {
      const start = windowOf(now, windowMs);
      await reachable(redis.del(k(key, start), k(key, start - windowMs)));
    },
    async clearPrefix(prefix) {
      const match = `${keyPrefix}${prefix}`.replace(/[*?[\]\\]/g, '\\$&') + '*';
      const keys = await reachable(scanAll(redis, match));
      if (keys.length > 0) await reachable(redis.del(...keys));
    },
    async ping() {
      await reachable(redis.ping());
    },
    async close() {
      await redis.quit();
    },
  };
  return store;
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
  /**
   * In one round trip: counts one attempt on `consumed` as `consume` does (RATE_LIMITED past its
   * max), and answers the attempts already counted on each of `checked` (counting none); zeros when
   * limits are off.
   */
  tally(consumed: readonly [Limit, string] | null, checked: readonly (readonly [Limit, string])[]): Promise<number[]>;
  /** RATE_LIMITED when `max` attempts were already counted (counts nothing). */
  check(limit: Limit, key: string): Promise<void>;
  /** Whether `max` attempts were already counted (counts nothing; never, when limits are off). */
  exceeded(limit: Limit, key: string): Promise<boolean>;
  /** Counts one attempt without refusing (a failure seen after the fact). */
  record(limit: Limit, key: string): Promise<void>;
  reset(limit: Limit, key: string): Promise<void>;
  /** Forgets every key of `limit` that starts with `prefix`. */
  resetPrefix(limit: Limit, prefix: string): Promise<void>;
  /**
   * When a key over its limit is let through again: the end of its window, or of the next one when its
   * own window alone is full (a count is the current and the previous window's).
   */
  retryAt(limit: Limit, key: string, now?: number): Promise<Date>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** the counters' store: Redis with REDIS_URL, else the database */
    rateLimitStore: RateLimitStore;
  }
}

/** RATE_LIMITED; with `retryAt`, `fields.retryAt` says when (ISO time) the caller may try again. */
export const refused = (retryAt?: Date) =>
  new AppError('RATE_LIMITED', 'too many attempts, try again later', retryAt ? { retryAt: retryAt.toISOString() } : undefined);

export function createRateLimiter(store: RateLimitStore, enabled: boolean): RateLimiter {
  const id = (limit: Limit, key: string) => `${limit.name}:${key}`;
  if (!enabled) {
    const none = async () => {};
    return {
      tally: async (_, checked) => checked.map(() => 0),
      consume: none,
      check: none,
      exceeded: async () => false,
      record: none,
      reset: none,
      resetPrefix: none,
      retryAt: async () => new Date(),
    };
  }
  const exceeded = async (limit: Limit, key: string) => (await store.count(id(limit, key), limit.windowMs)) >= limit.max;
  async function retryAt(limit: Limit, key: string, now = Date.now()) {
    const start = windowOf(now, limit.windowMs);
    // counted as the next window will count it: this window's hits alone
    const own = await store.count(id(limit, key), limit.windowMs, start + limit.windowMs);
    return new Date(start + (own >= limit.max ? 2 : 1) * limit.windowMs);
  }
  const limiter: RateLimiter = {
    async tally(consumed, checked) {
      const counted = ([limit, key]: readonly [Limit, string]) => ({ key: id(limit, key), windowMs: limit.windowMs });
      const { hit, counts } = await store.tally(consumed && counted(consumed), checked.map(counted));
      if (consumed && hit > consumed[0].max) throw refused(await retryAt(...consumed));
      return counts;
    },
    async consume(limit, key) {
      await limiter.tally([limit, key], []);
    },
    async check(limit, key) {
      if (await exceeded(limit, key)) throw refused(await retryAt(limit, key));
    },
    exceeded,
    async record(limit, key) {
      await store.hit(id(limit, key), limit.windowMs);
    },
    async reset(limit, key) {
      await store.clear(id(limit, key), limit.windowMs);
    },
    async resetPrefix(limit, prefix) {
      await store.clearPrefix(id(limit, prefix));
    },
    retryAt,
  };
  return limiter;
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
