import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './test/database.js';
import { safeProductionEnv } from './test/production-env.js';
import { freePort, makeRelease, startRelease, waitForAnswer, type Release, type Running } from './test/release.js';

/**
 * The production build as an operator runs it (issue #31's acceptance, docs/operations.md): built,
 * installed with `npm ci --omit=dev` in a directory of its own, started with plain node 24 and
 * NODE_ENV=production on loopback, on a fresh PostgreSQL database, with secrets of its own and https
 * provider and bank addresses (dialed only when money moves). Each `it` is one step of the run, in
 * order, on the one instance started in beforeAll: a new step goes before the SIGTERM one.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the production build (needs TEST_DATABASE_URL: production refuses PGlite)', () => {
  let release: Release;
  let env: Record<string, string>;
  let server: Running;
  let base: string;
  let metricsUrl: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    release = makeRelease();
    cleanups.push(() => release.remove());
    const database = await createPostgresDatabase(serverUrl!);
    cleanups.push(database.drop);
    const [port, metricsPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    env = {
      ...safeProductionEnv(),
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      SHUTDOWN_DELAY_MS: '1000',
      SHUTDOWN_GRACE_MS: '15000',
    };
  }, 600_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('has no dev dependency installed: no Vitest, no linter (and the start below loads no tsx)', () => {
    for (const name of ['vitest', 'eslint', 'prettier', '@playwright/test']) {
      expect(existsSync(join(release.dir, 'node_modules', name)), name).toBe(false);
    }
  });

  it('refuses to start while migrations are pending, naming them and the way out', async () => {
    const refused = startRelease(release, env);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('0001_platform.sql');
    expect(refused.output()).toContain('npm run ops -- migrate');
  });

  it('starts with MIGRATE_ON_START=true on node 24: /livez and /readyz answer 200', async () => {
    server = startRelease(release, { ...env, MIGRATE_ON_START: 'true' });
    await waitForAnswer(`${base}/livez`, server);
    const version = await fetch(`${base}/livez`);
    expect(version.status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    const body = (await ready.json()) as { checks: Record<string, { ok: boolean }> };
    expect(ready.status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body.checks)).toEqual(expect.arrayContaining(['database', 'worker', 'migrations']));
    expect(server.output()).toMatch(/"nodeVersion"|v24\.|Server listening/);
  });

  it('serves /metrics on its own port, and not on the public one', async () => {
    const metrics = await fetch(metricsUrl);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('laocredit_http_requests_total{method="GET",route="/livez",status="200"}');
    expect(text).toContain('nodejs_version_info{version="v24.');
    const onPublic = await fetch(`${base}/metrics`);
    expect(await onPublic.text()).not.toContain('laocredit_http_requests_total');
  });

  it('on SIGTERM: /readyz 503 at once, the request in flight answered, exit 0', async () => {
    // a login whose body arrives slowly: in flight when the signal comes
    const body = JSON.stringify({ username: 'nobody', password: 'not-a-password' });
    const answered = new Promise<{ status: number; id: string | undefined }>((resolve, reject) => {
      const req = request(`${base}/api/v2/players/login`, {
        method: 'POST',
        headers: {
          host: 'laocredit.example',
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, id: res.headers['x-request-id'] as string | undefined }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 2_000);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const unready = await fetch(`${base}/readyz`);
    expect(unready.status).toBe(503);
    expect(((await unready.json()) as { checks: { shutdown?: { ok: boolean } } }).checks.shutdown?.ok).toBe(false);
    const inFlight = await answered;
    // no agency has this host yet: the route's own answer, not a dropped connection
    expect(inFlight.status).toBe(404);
    expect(inFlight.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped');
  });
});
