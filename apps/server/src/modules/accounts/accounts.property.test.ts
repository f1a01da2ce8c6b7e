import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FINGERPRINT_HEADER } from '@app/contracts';
import { createTestApp, type TestContext } from '../../test/app.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';

let ctx: TestContext;
let player: TestPlayer;
beforeAll(async () => {
  ctx = await createTestApp();
  player = await registerPlayer(ctx.app);
});
afterAll(async () => ctx.close());

const FIELDS: Record<string, string[]> = {
  '/api/v2/players/register': ['username', 'password', 'confirmPassword', 'fingerprint'],
  '/api/v2/players/username/validate': ['username'],
  '/api/v2/players/login': ['username', 'password'],
  '/api/v2/players/security/password/change': ['currentPassword', 'newPassword', 'confirmNewPassword'],
  '/api/v2/fingerprint': ['screen', 'webGL', 'fingerprint', 'userAgent', 'fonts'],
  '/api/v2/players/logout': [],
};

const huge = fc.tuple(fc.integer({ min: 300, max: 80_000 }), fc.constantFrom('a', 'ສ', '\u0000', '"', '😀')).map(([n, c]) => c.repeat(n));
// any UTF-16 unit, NUL and lone surrogates included: PostgreSQL refuses some of them in text and jsonb
const anyString = fc.string({ unit: 'binary', maxLength: 40 });
const value = fc.oneof(fc.jsonValue(), huge, fc.string(), anyString, fc.constant(null));

const nasty = fc.constantFrom('\u0000', 'abc\u0000def', '\ud800', 'x\udfffy', '', ' ', 'ສະບາຍດີ', 'NULL', '😀😀😀');
// every field present as a string: gets past the shape checks into the handlers
const complete = (fields: string[]) =>
  fc.record(Object.fromEntries(fields.map((f) => [f, fc.oneof(nasty, fc.string({ maxLength: 30 }), anyString)])));

/** A raw request body: random JSON, the endpoint's fields with random types, huge strings, or broken JSON. */
function bodies(fields: string[]): fc.Arbitrary<string> {
  const shaped = fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] }).map((o) => JSON.stringify(o));
  return fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    shaped,
    huge.map((s) => JSON.stringify({ [fields[0] ?? 'x']: s })),
    fc.string(),
    anyString,
    complete(fields).map((o) => JSON.stringify(o)),
  );
}

const address = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`);

describe('random bodies never make a 500', () => {
  for (const [url, fields] of Object.entries(FIELDS)) {
    it(`POST ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          bodies(fields),
          fc.boolean(),
          address,
          fc.option(fc.string({ maxLength: 200 })),
          async (payload, withCookie, ip, fp) => {
            const headers: Record<string, string> = { host: 'localhost', 'content-type': 'application/json' };
            if (withCookie && url !== '/api/v2/players/logout') headers.cookie = player.cookie;
            if (fp !== null) headers[FINGERPRINT_HEADER] = fp;
            const res = await ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
            expect(res.statusCode).toBeLessThan(500);
            if (res.statusCode >= 400) expect(res.json().error.code).toMatch(/^[A-Z_]+$/);
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it('text PostgreSQL cannot store is refused, not a crash', async () => {
    const fingerprint = Object.fromEntries(
      [
        'screen',
        'version',
        'timezone',
        'userAgent',
        'plugins',
        'audio',
        'platform',
        'memory',
        'fonts',
        'languages',
        'hardwareConcurrency',
        'vendor',
      ].map((f) => [f, 'x']),
    );
    const webGL = Object.fromEntries(
      ['version', 'vendor', 'vendorUnmasked', 'renderer', 'rendererUnmasked', 'shadingLanguageVersion'].map((f) => [f, 'x']),
    );
    for (const bad of ['a\u0000b', 'a\ud800b']) {
      const cases: [string, unknown, Record<string, string>][] = [
        ['/api/v2/players/login', { username: bad, password: bad }, {}],
        [
          '/api/v2/players/register',
          { username: 'valid_name', password: 'password1', confirmPassword: 'password1', fingerprint: bad },
          { [FINGERPRINT_HEADER]: 'x' },
        ],
        ['/api/v2/fingerprint', { ...fingerprint, webGL: { ...webGL, renderer: bad }, fingerprint: 'f' }, { cookie: player.cookie }],
        ['/api/v2/fingerprint', { ...fingerprint, webGL, fingerprint: bad }, { cookie: player.cookie }],
      ];
      for (const [url, payload, headers] of cases) {
        const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { host: 'localhost', ...headers } });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });

  it('GET info and backlist with random cookies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/v2/players/info', '/api/v2/players/backlist'),
        fc.string({ maxLength: 300 }),
        async (url, raw) => {
          const res = await ctx.app.inject({ url, headers: { host: 'localhost', cookie: `sid=${encodeURIComponent(raw)}` } });
          expect(res.statusCode).toBe(401);
        },
      ),
      { numRuns: 80 },
    );
    const ok = await ctx.app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie: player.cookie } });
    expect(ok.statusCode).toBe(200);
  });
});
