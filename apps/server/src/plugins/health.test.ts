import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';

interface Readiness {
  status: string;
  checks: Record<string, { ok: boolean; detail?: string }>;
}

describe('/livez and /readyz', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const readyz = async () => {
    const res = await ctx.app.inject({ url: '/readyz' });
    return { status: res.statusCode, body: res.json<Readiness>() };
  };

  it('livez answers from the process alone, on any host', async () => {
    const res = await ctx.app.inject({ url: '/livez', headers: { host: 'unknown.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
  });

  it('readyz answers each check: the database, the worker (not run here), the migrations', async () => {
    const { status, body } = await readyz();
    expect(status).toBe(200);
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'migrations', 'worker']);
    expect(body.checks.worker).toMatchObject({ ok: true, detail: expect.stringContaining('WORKER_ENABLED=false') });
  });

  it('is unready while a migration is pending, naming it', async () => {
    await ctx.app.db.execute(sql`DELETE FROM schema_migrations WHERE name = '0065_ledger_checks.sql'`);
    try {
      const { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body.checks.migrations).toMatchObject({ ok: false, detail: 'pending: 0065_ledger_checks.sql' });
      expect(body.checks.database!.ok).toBe(true);
    } finally {
      await ctx.app.db.execute(sql`INSERT INTO schema_migrations (name) VALUES ('0065_ledger_checks.sql')`);
    }
    expect((await readyz()).status).toBe(200);
  });

  it('answers 503 from the moment the instance drains (SIGTERM), livez still 200', async () => {
    ctx.app.health.draining = true;
    try {
      const { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body.checks.shutdown).toMatchObject({ ok: false });
      expect((await ctx.app.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      ctx.app.health.draining = false;
    }
  });
});

describe('/readyz with the worker and Redis', () => {
  it("reports the started worker's heartbeat", async () => {
    const ctx = await createTestApp({ WORKER_ENABLED: 'true', WORKER_POLL_MS: '20' });
    try {
      const res = await ctx.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json<Readiness>().checks.worker).toMatchObject({ ok: true, detail: expect.stringMatching(/^last round \d+ s ago$/) });
    } finally {
      await ctx.close();
    }
  });

  it('is unready when the configured Redis cannot be reached', async () => {
    // nothing listens on port 1
    const ctx = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await ctx.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json<Readiness>().checks.redis!.ok).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL_FOR_TESTS)('is ready with Redis reachable (needs REDIS_URL_FOR_TESTS)', async () => {
    const ctx = await createTestApp({ REDIS_URL: process.env.REDIS_URL_FOR_TESTS! });
    try {
      const res = await ctx.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json<Readiness>().checks.redis!.ok).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
