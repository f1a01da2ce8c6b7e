import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { createTestApp, type TestContext } from '../test/app.js';
import { registerPlayer } from '../test/players.js';
import { jsonInHtml } from './page-answers.js';

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
    '_pages/player/deposit.vn.html': 'deposit with vn texts',
    '_pages/player/deposit.th.html': 'deposit with th texts',
    '_pages/player/deposit/history.html': 'deposit history',
    'backoffice/backoffice.html': 'back office',
    'backoffice/assets/backoffice-abc123.js': 'staff code',
  };
  for (const [path, title] of Object.entries(files)) writeFileSync(join(web, path), `<title>${title}</title>`);
  // a player page whose first render waits for three reads: its HTML preloads them (apps/web/vite.plugins.ts)
  const reads = ['/api/v2/agency/info', '/api/v2/players/info', '/api/v2/deposits/open'];
  writeFileSync(
    join(web, '_pages/player/bank.html'),
    `<html><head><title>bank</title>\n${reads.map((r) => `    <link rel="preload" href="${r}" as="fetch" crossorigin="use-credentials">\n`).join('')}  </head><body></body></html>`,
  );
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
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(title(res.body)).toBe(expected);
  });

  it("answers a visitor with index.html: its copy preloads the player's reads, which would answer 401", async () => {
    for (const url of ['/player', '/player/deposit', '/player/deposit/history']) expect(title((await get(url)).body)).toBe('any page');
  });

  it('is index.html for a page that has no copy', async () => {
    expect(title((await get('/player/withdraw', { cookie: 'sid=anything' })).body)).toBe('any page');
  });

  it("is the copy that preloads the texts of the player's language: the cookie's, else the browser's, else Lao's (docs/decisions/077)", async () => {
    const as = async (headers: Record<string, string>) =>
      title((await get('/player/deposit', { cookie: 'sid=anything', ...headers })).body);
    expect(await as({ cookie: 'sid=anything; i18nextLng=vn' })).toBe('deposit with vn texts');
    expect(await as({ cookie: 'sid=anything; i18nextLng=th', 'accept-language': 'vi' })).toBe('deposit with th texts');
    expect(await as({ 'accept-language': 'vi-VN,vi;q=0.9' })).toBe('deposit with vn texts');
    // Lao is in the page's own copy; a language without a copy (cn here) gets it too, and loads its texts after
    expect(await as({ cookie: 'sid=anything; i18nextLng=lo', 'accept-language': 'vi' })).toBe('deposit');
    expect(await as({ cookie: 'sid=anything; i18nextLng=cn' })).toBe('deposit');
    expect(await as({})).toBe('deposit');
    // a visitor still gets index.html, in any language
    expect(title((await get('/player/deposit', { cookie: 'i18nextLng=vn' })).body)).toBe('any page');
  });

  it('is never a form target: a POST is a 404', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/player/deposit', headers: { host: 'localhost', cookie: 'sid=anything' } });
    expect(res.statusCode).toBe(404);
  });
});

describe("a player page's first reads, answered in its HTML (docs/decisions/077)", () => {
  const answersIn = (html: string) => {
    const text = /<script type="application\/json" id="page-answers">(.*?)<\/script>/s.exec(html)?.[1];
    return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
  };
  const preloaded = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]);

  it('holds the answers the routes give this player, and the page preloads none of them any more', async () => {
    const player = await registerPlayer(ctx.app);
    const res = await get('/player/bank', { cookie: player.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const answers = answersIn(res.body)!;
    for (const path of ['/api/v2/agency/info', '/api/v2/players/info', '/api/v2/deposits/open']) {
      expect(answers[path], path).toEqual((await get(path, { cookie: player.cookie })).json());
    }
    expect((answers['/api/v2/players/info'] as { player: { username: string } }).player.username).toBe(player.username);
    expect(preloaded(res.body)).toEqual([]);
    expect(title(res.body)).toBe('bank');
  });

  it('leaves a read that does not answer 200 to the page: its preload stays, its answer is not written', async () => {
    const res = await get('/player/bank', { cookie: 'sid=ended' });
    expect(Object.keys(answersIn(res.body)!)).toEqual(['/api/v2/agency/info']);
    expect(preloaded(res.body)).toEqual(['/api/v2/players/info', '/api/v2/deposits/open']);
  });

  it("is another host's page with that host's answers: none for a host no agency has", async () => {
    const res = await get('/player/bank', { cookie: 'sid=ended', host: '127.0.0.9' });
    expect(answersIn(res.body)).toBeUndefined();
    expect(preloaded(res.body)).toHaveLength(3);
  });

  it('is compressed as the browser accepts', async () => {
    const player = await registerPlayer(ctx.app);
    const res = await ctx.app.inject({
      url: '/player/bank',
      headers: { host: 'localhost', cookie: player.cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(answersIn(brotliDecompressSync(res.rawPayload).toString())?.['/api/v2/players/info']).toBeDefined();
  });

  it("reads a page's copy once: the build does not change under a running server", async () => {
    const player = await registerPlayer(ctx.app);
    const file = join(web, '_pages/player/bank.html');
    const before = title((await get('/player/bank', { cookie: player.cookie })).body);
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('<title>bank</title>', '<title>rewritten</title>'));
    try {
      expect(before).toBe('bank');
      expect(title((await get('/player/bank', { cookie: player.cookie })).body)).toBe('bank');
      expect((await ctx.app.inject({ method: 'HEAD', url: '/player/bank', headers: { host: 'localhost' } })).statusCode).toBe(200);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('writes text a player typed so that it cannot end the element', () => {
    const json = jsonInHtml(JSON.stringify({ name: '</script><script>alert(1)</script><!--' }));
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--' });
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
