import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTestApp, type TestContext } from '../test/app.js';
import { registerPlayer } from '../test/players.js';

// docs/decisions/041-requests-from-browsers-and-proxies.md
const probe: FastifyPluginAsyncZod = async (a) => {
  a.post('/echo', { schema: { body: z.object({ n: z.number() }) } }, async (req) => ({ n: req.body.n }));
  a.get('/whoami', async (req) => ({ ip: req.ip, protocol: req.protocol, host: req.host }));
};

const PROXY = '192.0.2.10';
let direct: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  direct = await createTestApp({}, probe);
  proxied = await createTestApp({ TRUST_PROXY: `${PROXY},10.1.0.0/16` }, probe);
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const echo = (ctx: TestContext, headers: Record<string, string | undefined>, remoteAddress = '198.51.100.20') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/test/echo',
    remoteAddress,
    headers: { host: 'localhost:3000', ...headers },
    payload: { n: 1 },
  });

describe('a state-changing call must say it comes from our origin', () => {
  it.each([
    ['the same origin', { origin: 'http://localhost:3000' }, 200],
    ['Sec-Fetch-Site same-origin, no Origin', { origin: undefined, 'sec-fetch-site': 'same-origin' }, 200],
    ['neither Origin nor Sec-Fetch-Site', { origin: undefined }, 403],
    ['another site', { origin: 'https://evil.example' }, 403],
    ['another scheme', { origin: 'https://localhost:3000' }, 403],
    ['another port', { origin: 'http://localhost:3001' }, 403],
    ['a sibling host', { origin: 'http://127.0.0.1:3000' }, 403],
    ['Origin null', { origin: 'null' }, 403],
    ['a malformed Origin', { origin: 'localhost:3000' }, 403],
    ['Sec-Fetch-Site cross-site', { origin: undefined, 'sec-fetch-site': 'cross-site' }, 403],
    ['Sec-Fetch-Site same-site', { origin: undefined, 'sec-fetch-site': 'same-site' }, 403],
    ['Sec-Fetch-Site none', { origin: undefined, 'sec-fetch-site': 'none' }, 403],
    ['a foreign Origin with Sec-Fetch-Site same-origin', { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, 403],
  ])('%s: %s', async (_name, headers, status) => {
    const res = await echo(direct, headers);
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('compares the default port as browsers send it (none)', async () => {
    const res = await direct.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'localhost:80', origin: 'http://localhost' },
      payload: { n: 1 },
    });
    expect(res.statusCode).toBe(200);
  });

  it("exempts the banks' signed notices, which their signatures guard: the callback and each bank's webhook", async () => {
    for (const url of [
      '/api/v2/payments/callback',
      '/api/v2/payments/jdb-yes',
      '/api/v2/payments/lvb-openapi/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await direct.app.inject({
        method: 'POST',
        url,
        headers: { host: 'localhost', origin: undefined },
        payload: { reference: 'X' },
      });
      expect(res.statusCode, url).not.toBe(403);
    }
  });

  it('leaves reads alone', async () => {
    const res = await direct.app.inject({ url: '/api/test/whoami', headers: { host: 'localhost', origin: undefined } });
    expect(res.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY: forwarded headers only from the configured proxies', () => {
  const whoami = (ctx: TestContext, remoteAddress: string, headers: Record<string, string>) =>
    ctx.app.inject({ url: '/api/test/whoami', remoteAddress, headers: { host: 'localhost', ...headers } });
  const forwarded = { 'x-forwarded-for': '203.0.113.99, 198.51.100.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

  it("takes the client's address, scheme and host from a trusted proxy's hop", async () => {
    expect((await whoami(proxied, PROXY, forwarded)).json()).toEqual({ ip: '198.51.100.7', protocol: 'https', host: 'evil.example' });
    // two proxies, both named: the address before them is the client's
    const chain = { 'x-forwarded-for': '203.0.113.99, 198.51.100.7, 10.1.2.3' };
    expect((await whoami(proxied, PROXY, chain)).json().ip).toBe('198.51.100.7');
  });

  it('believes nothing a client sends from anywhere else, nor anything without TRUST_PROXY', async () => {
    const expected = { ip: '198.51.100.50', protocol: 'http', host: 'localhost' };
    expect((await whoami(proxied, '198.51.100.50', forwarded)).json()).toEqual(expected);
    expect((await whoami(direct, '198.51.100.50', forwarded)).json()).toEqual(expected);
  });

  it('checks Origin against the scheme the trusted proxy reports, and only a trusted one', async () => {
    const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.8' };
    expect((await echo(proxied, { ...viaProxy, origin: 'https://localhost:3000' }, PROXY)).statusCode).toBe(200);
    expect((await echo(proxied, { ...viaProxy, origin: 'http://localhost:3000' }, PROXY)).statusCode).toBe(403);
    // the same header straight from a client does not make the call https
    expect((await echo(proxied, { ...viaProxy, origin: 'https://localhost:3000' }, '198.51.100.8')).statusCode).toBe(403);
  });

  it('keeps the per-address login limit when a client forges X-Forwarded-For', async () => {
    const p = await registerPlayer(proxied.app);
    const login = (forged: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        remoteAddress: PROXY,
        // the proxy appends the address it saw; what the client wrote comes before it
        headers: { host: 'localhost', 'x-forwarded-for': `${forged}, 198.51.100.66` },
        payload: { username: p.username, password: p.password },
      });
    for (let i = 0; i < 30; i++) expect((await login(`10.9.${i}.1`)).statusCode).toBe(200);
    expect((await login('10.9.99.1')).statusCode).toBe(429);
  });
});
