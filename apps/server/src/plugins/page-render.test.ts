import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { registerPlayer, type TestPlayer } from '../test/players.js';
import { processRegistry } from '../metrics/registry.js';
import { loopBusy } from './page-render.js';

// A built site whose player pages the server draws (decision 204): a player page's copy (the spinner in
// #root, the stylesheet preloaded, the reads preloaded) and the build's render module, here one that
// writes down what it was given: the path, the language and the answers.
const SPINNER = '<div id="root"><div class="boot" role="status" aria-label="Loading"></div></div>';
const copy = (reads: string[]) =>
  [
    '<!doctype html>',
    '<html lang="lo">',
    '  <head>',
    '    <title>deposit</title>',
    '    <link rel="preload" as="style" data-app-css crossorigin href="/assets/index-abc.css">',
    ...reads.map((r) => `    <link rel="preload" href="${r}" as="fetch" crossorigin="use-credentials">`),
    '  </head>',
    '  <body>',
    `    ${SPINNER}`,
    '  </body>',
    '</html>',
  ].join('\n');
const MODULE = `
export async function renderPlayerPage(url, language, answers) {
  if (url.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 300));
  if (url.includes('decline')) return null;
  if (url.includes('throw')) throw new Error('a part of the page cannot be drawn here');
  const name = answers['/api/v2/players/info'].player.username;
  return '<main data-url="' + url.replace(/[^\\w/?=&-]/g, '') + '" data-language="' + language + '">' + name.replace(/[<&]/g, '') +
    ' ' + Object.keys(answers).join(',') + '</main>';
}`;

let web: string;
let ctx: TestContext;
let player: TestPlayer;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'web-render-'));
  for (const dir of ['_pages/player', '_ssr', 'assets']) mkdirSync(join(web, dir), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<title>any page</title>');
  writeFileSync(join(web, 'assets/index-abc.css'), '.page{color:gold}');
  const reads = ['/api/v2/agency/info', '/api/v2/players/info', '/api/v2/deposits/open'];
  writeFileSync(join(web, '_pages/player/deposit.html'), copy(reads));
  writeFileSync(join(web, '_pages/player/deposit.th.html'), copy(reads));
  writeFileSync(join(web, '_ssr/prerender.mjs'), MODULE);
  ctx = await createTestApp({ WEB_DIST: web, PAGE_RENDERS_WAITING: '1', PAGE_RENDER_MAX_BUSY: '1' });
  player = await registerPlayer(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { host: 'localhost', cookie: player.cookie, ...headers } });
const rootOf = (html: string) => /<div id="root"[^>]*>.*<\/div>/.exec(html)?.[0];

describe("a player's page drawn by the server (decision 204)", () => {
  it("holds the page drawn with the answers its HTML carries, the stylesheet inline, in the player's language", async () => {
    const res = await get('/player/deposit?provider=betflix');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(rootOf(res.body)).toBe(
      `<div id="root" data-prerendered="/player/deposit"><main data-url="/player/deposit?provider=betflix" data-language="lo">${player.username} /api/v2/agency/info,/api/v2/players/info,/api/v2/deposits/open</main></div>`,
    );
    expect(res.body).toContain('<style>.page{color:gold}</style>');
    expect(res.body).not.toContain('data-app-css');
    expect(res.body).toContain('<html lang="lo-LA">');
    // the answers stay in the page: its first render reads them again
    expect(res.body).toContain('<script type="application/json" id="page-answers">');

    const th = await get('/player/deposit', { cookie: `${player.cookie}; i18nextLng=th` });
    expect(rootOf(th.body)).toContain('data-language="th"');
    expect(th.body).toContain('<html lang="th-TH">');
  });

  it('goes out with its spinner when the page is not drawn from its answers alone, or its render fails', async () => {
    for (const url of ['/player/deposit?decline=1', '/player/deposit?throw=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(rootOf(res.body), url).toBe(SPINNER);
      expect(res.body).toContain('data-app-css');
      expect(res.body).toContain('id="page-answers"');
    }
    const metrics = await processRegistry.getSingleMetricAsString('laocredit_page_renders_total');
    expect(metrics).toMatch(/outcome="declined"} [1-9]/);
    expect(metrics).toMatch(/outcome="failed"} [1-9]/);
  });

  it('is not drawn without a session: a visitor gets index.html, as before', async () => {
    const res = await ctx.app.inject({ url: '/player/deposit', headers: { host: 'localhost' } });
    expect(res.body).toBe('<title>any page</title>');
    const ended = await get('/player/deposit', { cookie: 'sid=ended' });
    expect(rootOf(ended.body)).toBe(SPINNER);
  });

  it('sends a page with its spinner while renders wait at the bound: a burst costs the server no more than that', async () => {
    const [first, second] = await Promise.all([get('/player/deposit?slow=1'), get('/player/deposit?slow=2')]);
    const roots = [rootOf(first.body), rootOf(second.body)];
    expect(roots.filter((r) => r === SPINNER)).toHaveLength(1);
    expect(roots.filter((r) => r?.includes(player.username))).toHaveLength(1);
    expect(await processRegistry.getSingleMetricAsString('laocredit_page_renders_total')).toMatch(/outcome="busy"} [1-9]/);
    // and once they are done, drawn again
    expect(rootOf((await get('/player/deposit')).body)).toContain(player.username);
  });

  it('keeps the render module to itself: it is not a file of the site', async () => {
    const res = await get('/_ssr/prerender.mjs');
    expect(res.body).not.toContain('renderPlayerPage');
  });
});

/** Keeps the event loop busy for `ms`. */
const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a busy server (decision 206)', () => {
  it("reads the loop's busy share over the last half second", async () => {
    const busy = loopBusy();
    spin(600);
    expect(busy()).toBeGreaterThan(0.8);
    await sleep(600);
    expect(busy()).toBeLessThan(0.5);
  });

  it('sheds the render: past PAGE_RENDER_MAX_BUSY of the last half second busy, a player page goes out with its spinner', async () => {
    const shedding = await createTestApp({ WEB_DIST: web, PAGE_RENDER_MAX_BUSY: '0.5' });
    try {
      const someone = await registerPlayer(shedding.app);
      const page = () => shedding.app.inject({ url: '/player/deposit', headers: { host: 'localhost', cookie: someone.cookie } });
      const before = await processRegistry.getSingleMetricAsString('laocredit_page_renders_total');
      const busyBefore = Number(/outcome="busy"} (\d+)/.exec(before)?.[1] ?? 0);
      await sleep(600);
      await page();
      spin(700);
      expect(rootOf((await page()).body)).toBe(SPINNER);
      const after = await processRegistry.getSingleMetricAsString('laocredit_page_renders_total');
      expect(Number(/outcome="busy"} (\d+)/.exec(after)?.[1] ?? 0)).toBeGreaterThan(busyBefore);
    } finally {
      await shedding.close();
    }
  });
});

describe('without the render', () => {
  it('PAGE_RENDERS_WAITING=0: every player page goes out with its spinner', async () => {
    const off = await createTestApp({ WEB_DIST: web, PAGE_RENDERS_WAITING: '0' });
    try {
      const someone = await registerPlayer(off.app);
      const res = await off.app.inject({ url: '/player/deposit', headers: { host: 'localhost', cookie: someone.cookie } });
      expect(rootOf(res.body)).toBe(SPINNER);
    } finally {
      await off.close();
    }
  });
});
