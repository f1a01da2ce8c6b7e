import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { InjectOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTestApp, type TestContext } from '../test/app.js';
import { safeProductionEnv } from '../test/production-env.js';
import { LANGUAGE_SWITCH_SCRIPT } from '@app/contracts/languages';

// The full set of security headers, pinned: any answer, JSON or HTML, success or failure
// the one inline script allowed, by its hash (decision 173)
const SCRIPT_HASH = createHash('sha256').update(LANGUAGE_SWITCH_SCRIPT).digest('base64');
const CSP =
  `default-src 'self';script-src 'self' 'sha256-${SCRIPT_HASH}';style-src 'self' 'unsafe-inline';` +
  "img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
const SECURITY_HEADERS = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'permissions-policy':
    'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), ' +
    'midi=(), payment=(), serial=(), usb=()',
};
const HSTS = 'max-age=31536000; includeSubDomains';
// headers of old browsers we do not send (bytes on every answer to a slow phone)
const NEVER = [
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'origin-agent-cluster',
  'cross-origin-embedder-policy',
  'x-powered-by',
];

const probe: FastifyPluginAsyncZod = async (a) => {
  a.get('/boom', async () => {
    throw new Error('boom');
  });
  a.post('/echo', { schema: { body: z.object({ n: z.number() }) } }, async (req) => ({ n: req.body.n }));
};

const host = 'localhost';
const answers: { name: string; request: InjectOptions; status: number; type: string }[] = [
  { name: 'API JSON', request: { url: '/api/v2/agency/info', headers: { host } }, status: 200, type: 'application/json' },
  { name: 'unknown API path', request: { url: '/api/v2/nothing-here', headers: { host } }, status: 404, type: 'application/json' },
  { name: 'a thrown bug', request: { url: '/api/test/boom', headers: { host } }, status: 500, type: 'application/json' },
  {
    name: 'refused in onRequest (cross-site)',
    request: { method: 'POST', url: '/api/test/echo', headers: { host, origin: 'https://evil.example' }, payload: { n: 1 } },
    status: 403,
    type: 'application/json',
  },
  {
    name: 'refused by the body parser (415)',
    request: { method: 'POST', url: '/api/test/echo', headers: { host, 'content-type': 'text/plain' }, payload: 'n=1' },
    status: 415,
    type: 'application/json',
  },
  { name: 'the site root (HTML)', request: { url: '/', headers: { host } }, status: 200, type: 'text/html' },
  { name: 'an SPA deep link (HTML)', request: { url: '/deposit', headers: { host } }, status: 200, type: 'text/html' },
  { name: 'a hashed asset', request: { url: '/assets/app-abc123.js', headers: { host } }, status: 200, type: 'application/javascript' },
  { name: 'a missing asset', request: { url: '/assets/gone-000.js', headers: { host } }, status: 404, type: 'application/json' },
];

let web: string;
beforeAll(() => {
  web = mkdtempSync(join(tmpdir(), 'security-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
});
afterAll(() => rmSync(web, { recursive: true, force: true }));

describe.each([
  { env: 'development', vars: { NODE_ENV: 'development' } as Record<string, string>, expected: SECURITY_HEADERS },
  {
    env: 'production',
    // the docs page is published on purpose, to pin its headers too
    vars: { ...safeProductionEnv(), API_DOCS_ENABLED: 'true' },
    expected: { ...SECURITY_HEADERS, 'strict-transport-security': HSTS },
  },
])('security headers in $env', ({ env, vars, expected }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ ...vars, WEB_DIST: web }, probe);
  });
  afterAll(() => ctx.close());

  it.each(answers)('$name: exactly the pinned set', async ({ request, status, type }) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toContain(type);
    const security = Object.fromEntries(Object.keys(expected).map((k) => [k, res.headers[k]]));
    expect(security).toEqual(expected);
    if (env !== 'production') expect(res.headers['strict-transport-security']).toBeUndefined();
    for (const name of NEVER) expect(res.headers[name], name).toBeUndefined();
  });

  it('the API docs page: its own CSP, every other header the same', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toBe(CSP);
    const { 'content-security-policy': _csp, ...rest } = expected;
    expect(Object.fromEntries(Object.keys(rest).map((k) => [k, res.headers[k]]))).toEqual(rest);
  });
});
