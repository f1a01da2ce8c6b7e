import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { queryRows, textArray, type Db } from '../db/client.js';

/**
 * Counters in fixed windows. A key's count is the sum of its current and previous window, so a
 * limit of N per window is never exceeded within ANY span of one window length (the price: a key
 * that hit the limit waits up to two windows). docs/decisions/006-sessions-and-rate-limits.md
 *
 * Each store keeps one record per key (its latest window, that window's hits and the previous
 * window's) and changes it in one atomic step, so that hits are counted in the order the store
 * applies them: a hit stamped in an earlier window than the record's (a request that waited for a
 * connection while another crossed the boundary) counts in the record's window. Of any burst exactly
 * the first `max` pass, across a window boundary too (docs/decisions/197).
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

export const windowOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/**
 * A key's hits at `start` (the current window's start) from its record: both windows when the record
 * is at `start` (or later: another instance's clock ahead), the record's own hits when it is the
 * window before, none when it is older.
 */
function countAt(record: { window: number; count: number; previous: number } | null, start: number, windowMs: number) {
  if (!record) return 0;
  if (record.window >= start) return record.count + record.previous;
  return record.window === start - windowMs ? record.count : 0;
}

/** The default store: one row per key in `rate_limits`, shared by every instance. */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  const iso = (ms: number) => new Date(ms).toISOString();
  async function tally(hit: Counted | null, keys: readonly Counted[], now = Date.now()) {
    const starts = keys.map(({ windowMs }) => windowOf(now, windowMs));
    // each key's hits as countAt() reads its row, in the keys' order
    const counts = sql`ARRAY(SELECT coalesce((SELECT CASE WHEN c.window_start >= k.start THEN c.count + c.previous
                                                          WHEN c.window_start = k.before THEN c.count ELSE 0 END
                                                FROM rate_limits c WHERE c.key = k.key), 0)
                               FROM unnest(${textArray(keys.map((k) => k.key))}::text[],
                                           ${textArray(starts.map(iso))}::timestamptz[],
                                           ${textArray(starts.map((s, i) => iso(s - keys[i]!.windowMs)))}::timestamptz[])
                                    WITH ORDINALITY AS k(key, start, before, i) ORDER BY k.i)`;
    let query = sql`SELECT 0 AS hit, ${counts} AS counts`;
    if (hit) {
      const start = windowOf(now, hit.windowMs);
      // under the row's lock, from the row as the hits before this one left it (every SET reads the
      // old row): a hit stamped in the row's window or earlier adds to it; one in the next window
      // moves the row on, its hits becoming the previous window's; a later one starts afresh
      query = sql`WITH cur AS (
              INSERT INTO rate_limits AS c (key, window_start, count, previous, expires_at)
              VALUES (${hit.key}, ${iso(start)}, 1, 0, ${iso(start + 2 * hit.windowMs)})
              ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN excluded.window_start <= c.window_start THEN c.count + 1 ELSE 1 END,
                previous = CASE WHEN excluded.window_start <= c.window_start THEN c.previous
                                WHEN c.window_start = ${iso(start - hit.windowMs)} THEN c.count ELSE 0 END,
                window_start = greatest(c.window_start, excluded.window_start),
                expires_at = greatest(c.expires_at, excluded.expires_at)
              RETURNING count + previous AS hits)
            SELECT (SELECT hits FROM cur) AS hit, ${counts} AS counts`;
    }
    const rows = await queryRows<{ hit: string | number; counts: (string | number)[] | string }>(db, query);
    return { hit: Number(rows[0]!.hit), counts: parseCounts(rows[0]!.counts) };
  }
  return {
    tally,
    hit: async (key, windowMs, now) => (await tally({ key, windowMs }, [], now)).hit,
    count: async (key, windowMs, now) => (await tally(null, [{ key, windowMs }], now)).counts[0]!,
    async clear(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
    async clearPrefix(prefix) {
      await db.execute(sql`DELETE FROM rate_limits WHERE starts_with(key, ${prefix})`);
    },
    async close() {},
  };
}

/** An int[] as the driver gave it: an array, or its text (`{1,2}`) where the driver does not parse arrays. */
const parseCounts = (v: (string | number)[] | string): number[] =>
  (typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean) : v).map(Number);

/** Removes windows nobody reads any more (PostgreSQL store only; Redis keys expire by themselves). */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE expires_at < now()`);
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

/**
 * A hit on a key's hash, as the PostgreSQL store's upsert does it (ARGV: the hit's window number, the
 * window's length in ms): answers the hits of the hash's window and the one before it.
 */
const HIT_SCRIPT = `
local now, len = tonumber(ARGV[1]), tonumber(ARGV[2])
local r = redis.call('HMGET', KEYS[1], 'w', 'c', 'p')
local w, c, p = tonumber(r[1]), tonumber(r[2]), tonumber(r[3])
if not w then w, c, p = now, 1, 0
elseif now <= w then c = c + 1
elseif now == w + 1 then w, c, p = now, 1, c
else w, c, p = now, 1, 0 end
redis.call('HSET', KEYS[1], 'w', w, 'c', c, 'p', p)
redis.call('PEXPIRE', KEYS[1], (w - now + 2) * len)
return c + p`;

/** The store for several instances with REDIS_URL: one expiring hash per key. */
export function redisRateLimitStore(url: string, keyPrefix = 'rl:', onError: (err: Error) => void = () => {}): RateLimitStore {
  // a command fails after two reconnect attempts instead of waiting for Redis forever
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  // without a listener ioredis prints every connection error to the console
  redis.on('error', onError);
  // one hash per key (w: its window's number, c: its hits, p: the previous window's); "v2:" keeps
  // them apart from the one-key-per-window counters of the previous release, which expire by themselves
  const k = (key: string) => `${keyPrefix}v2:${key}`;
  const store: RateLimitStore = {
    async tally(hit, keys, now = Date.now()) {
      const multi = redis.multi();
      if (hit) multi.eval(HIT_SCRIPT, 1, k(hit.key), Math.floor(now / hit.windowMs), hit.windowMs);
      for (const { key } of keys) multi.hmget(k(key), 'w', 'c', 'p');
      const res = await reachable(multi.exec());
      if (!res) throw new StoreUnavailable(new Error('rate limit transaction aborted'));
      const failed = res.find(([err]) => err);
      if (failed) throw new StoreUnavailable(failed[0]);
      const first = hit ? 1 : 0;
      const counts = keys.map(({ windowMs }, i) => {
        const [w, c, p] = res[first + i]![1] as (string | null)[];
        const record = w == null ? null : { window: Number(w) * windowMs, count: Number(c), previous: Number(p) };
        return countAt(record, windowOf(now, windowMs), windowMs);
      });
      return { hit: hit ? Number(res[0]![1]) : 0, counts };
    },
    hit: async (key, windowMs, now) => (await store.tally({ key, windowMs }, [], now)).hit,
    count: async (key, windowMs, now) => (await store.tally(null, [{ key, windowMs }], now)).counts[0]!,
    async clear(key) {
      await reachable(redis.del(k(key)));
    },
    async clearPrefix(prefix) {
      const match = `${keyPrefix}v2:${prefix}`.replace(/[*?[\]\\]/g, '\\$&') + '*';
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
