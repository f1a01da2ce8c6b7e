import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { pendingMigrations } from '../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the readiness of this instance; `draining` is set on SIGTERM (server.ts), and `/readyz` answers 503 from then on */
    health: { draining: boolean };
  }
}

export interface Check {
  ok: boolean;
  /** what was seen, for the operator: the error, the pending files, the heartbeat's age */
  detail?: string;
  ms: number;
}

/** a check slower than this counts as failed: a proxy's probe must not hang on a stuck dependency */
const CHECK_TIMEOUT_MS = 2_000;
/** the worker's round is stale after this many polls without one ending (a round calls banks and providers, each bounded) */
const WORKER_STALE_POLLS = 20;
const WORKER_STALE_MIN_MS = 60_000;

async function timed(run: () => Promise<string | undefined>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    const detail = await Promise.race([run(), timeout]);
    return { ok: true, ...(detail ? { detail } : {}), ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err), ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /livez`: the process answers (never the database: a restart would not mend it). `GET /readyz`:
 * whether this instance should be sent requests: the database, Redis when configured, the worker's
 * heartbeat when it runs here, the migrations current; 503 from SIGTERM on (docs/operations.md).
 * Outside /api: no agency, no session, no rate limit.
 */
export const healthPlugin = fp(async (app: FastifyInstance) => {
  const health = { draining: false };
  app.decorate('health', health);
  const staleMs = Math.max(WORKER_STALE_MIN_MS, WORKER_STALE_POLLS * app.config.WORKER_POLL_MS);

  const checks: Record<string, () => Promise<string | undefined>> = {
    database: async () => {
      await app.db.execute(sql`SELECT 1`);
      return undefined;
    },
    ...(app.rateLimitStore.ping
      ? {
          redis: async () => {
            await app.rateLimitStore.ping!();
            return undefined;
          },
        }
      : {}),
    worker: async () => {
      const beat = app.worker.heartbeat();
      if (!beat.started) return app.config.WORKER_ENABLED ? 'not started yet' : 'not run by this instance (WORKER_ENABLED=false)';
      const age = Date.now() - beat.lastRoundAt;
      if (age > staleMs) throw new Error(`no round ended for ${Math.round(age / 1000)} s`);
      return `last round ${Math.round(age / 1000)} s ago`;
    },
    migrations: async () => {
      const pending = await pendingMigrations(app.database);
      const files = [...pending.migrations, ...pending.functions];
      if (files.length > 0) throw new Error(`pending: ${files.join(', ')}`);
      return undefined;
    },
  };

  app.get('/livez', { logLevel: 'warn' }, async () => ({ status: 'live' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => timed(checks[name]!)));
    const answer: Record<string, Check> = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    if (health.draining) answer.shutdown = { ok: false, detail: 'stopping (SIGTERM): finishing the requests in flight', ms: 0 };
    const ready = Object.values(answer).every((c) => c.ok);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks: answer });
  });
});
