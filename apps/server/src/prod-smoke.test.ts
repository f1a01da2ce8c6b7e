import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './test/database.js';
import { safeProductionEnv } from './test/production-env.js';
import { freePort, makeRelease, runReleaseOps, startRelease, waitForAnswer, type Release, type Running } from './test/release.js';
import { totpCode } from './test/staff.js';

/**
 * The production build as an operator runs it (docs/operations.md): built,
 * installed with `npm ci --omit=dev` in a directory of its own, started with plain node 24 and
 * NODE_ENV=production on loopback, on a fresh PostgreSQL database, with secrets of its own and https
 * provider and bank addresses (dialed only when money moves); `npm run ops` run from the same build
 * makes an agency whose owner takes the invitation. Each `it` is one step of the run, in
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
  /** A call with the Host of the agency made by `npm run ops` (fetch cannot set Host). */
  function hostRequest(method: 'GET' | 'POST', path: string, body?: object, cookie?: string) {
    const text = body ? JSON.stringify(body) : undefined;
    return new Promise<{ status: number; body: string; cookie: string[] }>((resolve, reject) => {
      const req = request(`${base}${path}`, {
        method,
        headers: {
          host: 'smoke.example',
          'sec-fetch-site': 'same-origin',
          ...(cookie ? { cookie } : {}),
          ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
        },
      });
      req.on('response', (res) => {
        let data = '';
        res.on('data', (chunk: Buffer) => (data += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: data, cookie: res.headers['set-cookie'] ?? [] }));
      });
      req.on('error', reject);
      req.end(text);
    });
  }
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

  it('npm run ops -- agency create on the built server: the agency answers at its host, its owner takes the invitation', async () => {
    const made = runReleaseOps(release, env, ['agency', 'create', '--name', 'Smoke', '--host', 'smoke.example', '--owner', 'boss']);
    expect(made.status, made.output).toBe(0);
    const token = /\/backoffice\/invitation#([A-Za-z0-9_-]{43})/.exec(made.output)?.[1];
    expect(token, made.output).toBeDefined();
    // the running server: no restart, the new host looked up on its first request
    const info = await hostRequest('GET', '/api/v2/agency/info');
    expect(info.status, info.body).toBe(200);
    expect(JSON.parse(info.body).agency.social).toEqual({ telegram: '', whatsapp: '', facebook: '', twitter: '', line: '' });

    const opened = await hostRequest('POST', '/api/v2/backoffice/invitation', { token });
    expect(opened.status, opened.body).toBe(200);
    const { secret } = JSON.parse(opened.body) as { secret: string };
    const accepted = await hostRequest('POST', '/api/v2/backoffice/invitation/accept', {
      token,
      password: 'the-smoke-owner-password',
      code: await totpCode(secret),
    });
    expect(accepted.status, accepted.body).toBe(200);
    expect(JSON.parse(accepted.body).recoveryCodes).toHaveLength(10);
    const cookie = accepted.cookie.find((c) => c.startsWith('staff_sid='))!.split(';')[0]!;
    const me = await hostRequest('GET', '/api/v2/backoffice/me', undefined, cookie);
    expect(JSON.parse(me.body).secondFactor).toEqual({ state: 'PASSED', enrolled: true, mandatory: true });
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
