import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { postgresRateLimitStore, purgeExpiredCounters, redisRateLimitStore, windowOf, type RateLimitStore } from './rate-limit-store.js';

export {
  postgresRateLimitStore,
  purgeExpiredCounters,
  redisRateLimitStore,
  StoreUnavailable,
  type Counted,
  type RateLimitStore,
} from './rate-limit-store.js';

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
