import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';

// The built site: index.html for every page, the public pages' own copies that preload their chunks
// under the spinner, and their prerendered copies, one per language (apps/web/vite.plugins.ts).
let web: string;
let ctx: TestContext;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'web-pages-'));
  mkdirSync(join(web, '_pages/player/deposit'), { recursive: true });
  mkdirSync(join(web, 'backoffice/assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': 'any page',
    '_pages/index.html': 'home',
    '_pages/index.lo.html': 'home prerendered lo',
    '_pages/login.html': 'login',
    '_pages/login.lo.html': 'login prerendered lo',
    '_pages/login.cn.html': 'login prerendered cn',
    '_pages/login.vn.html': 'login prerendered vn',
    '_pages/login.th.html': 'login prerendered th',
    '_pages/player/index.html': 'player home',
    '_pages/player/deposit.html': 'deposit',
    '_pages/player/deposit/history.html': 'deposit history',
    'backoffice/backoffice.html': 'back office',
    'backoffice/assets/backoffice-abc123.js': 'staff code',
  };
  for (const [path, title] of Object.entries(files)) writeFileSync(join(web, path), `<title>${title}</title>`);
  ctx = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await ctx.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { host: 'localhost', ...headers } });
const title = (body: string) => /<title>(.*)<\/title>/.exec(body)?.[1];

describe('the pages of the site', () => {
  it.each([
    ['/', 'home prerendered lo'],
    ['/login', 'login prerendered lo'],
    ['/login?redirect=%2Fplayer', 'login prerendered lo'],
    ['/register', 'any page'],
    ['/player/deposit', 'any page'],
  ])('%s answers with the HTML of %s, never cached', async (url, expected) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(title(res.body)).toBe(expected);
  });
});

describe('a page of the player area (docs/decisions/076)', () => {
  it.each([
    ['/player', 'player home'],
    ['/player/deposit', 'deposit'],
    ['/player/deposit?provider=betflix', 'deposit'],
    ['/player/deposit/history', 'deposit history'],
  ])('%s answers a browser with a session with its own copy (%s), never cached', async (url, expected) => {
    const res = await get(url, { cookie: 'sid=anything' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(title(res.body)).toBe(expected);
  });

  it("answers a visitor with index.html: its copy preloads the player's reads, which would answer 401", async () => {
    for (const url of ['/player', '/player/deposit', '/player/deposit/history']) expect(title((await get(url)).body)).toBe('any page');
  });

  it('is index.html for a page that has no copy', async () => {
    expect(title((await get('/player/withdraw', { cookie: 'sid=anything' })).body)).toBe('any page');
  });

  it('is never a form target: a POST is a 404', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/player/deposit', headers: { host: 'localhost', cookie: 'sid=anything' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('a prerendered public page (docs/decisions/020)', () => {
  it('is in the language of the i18nextLng cookie the site sets', async () => {
    for (const lng of ['lo', 'cn', 'vn', 'th']) {
      const res = await get('/login', { cookie: `i18nextLng=${lng}` });
      expect(title(res.body)).toBe(`login prerendered ${lng}`);
    }
  });

  it('without the cookie, in the browser language when the site has it, else in Lao', async () => {
    expect(title((await get('/login', { 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' })).body)).toBe('login prerendered cn');
    expect(title((await get('/login', { 'accept-language': 'th;q=0.5,vi-VN' })).body)).toBe('login prerendered vn');
    expect(title((await get('/login', { 'accept-language': 'en-US,fr' })).body)).toBe('login prerendered lo');
    // the cookie wins; an unknown value counts as none
    expect(title((await get('/login', { cookie: 'i18nextLng=th', 'accept-language': 'zh' })).body)).toBe('login prerendered th');
    expect(title((await get('/login', { cookie: 'i18nextLng=xx' })).body)).toBe('login prerendered lo');
  });

  it('varies with the cookies and the languages', async () => {
    expect((await get('/login')).headers.vary).toMatch(/Cookie, Accept-Language/);
  });

  it('is in Lao when the language has no copy', async () => {
    expect(title((await get('/', { cookie: 'i18nextLng=cn' })).body)).toBe('home');
  });

  it('is not served to a host no agency has: the spinner, then the site shows the error page (SPEC.md §2)', async () => {
    const res = await get('/login', { host: 'nobody.example', cookie: 'i18nextLng=cn' });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('login');
  });

  it('is not served to a browser with a session: the site sends a player on to /player', async () => {
    expect(title((await get('/login', { cookie: 'sid=anything' })).body)).toBe('login');
    expect(title((await get('/', { cookie: 'i18nextLng=cn; sid=anything' })).body)).toBe('home');
  });

  it('answers a form the browser sent before the script ran with the page again, never reading it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=somebody&password=secret123',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await ctx.app.inject({ method: 'POST', url: '/player', headers: { host: 'localhost' } })).statusCode).toBe(404);
  });
});

describe('the back office (its own build in backoffice/)', () => {
  it.each(['/backoffice/', '/backoffice/login', '/backoffice/withdrawals?status=OPEN'])(
    '%s answers with its page, never cached',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(title(res.body)).toBe('back office');
      // the same strict headers as every answer
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('/backoffice goes to /backoffice/', async () => {
    const res = await get('/backoffice');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/backoffice/');
  });

  it('serves its hashed assets for a year, and a missing one is a 404, not the page', async () => {
    const asset = await get('/backoffice/assets/backoffice-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/backoffice/assets/gone-000.js')).statusCode).toBe(404);
  });

  it('is not the player site: /login stays the player page', async () => {
    expect(title((await get('/login')).body)).toBe('login prerendered lo');
  });
});
