import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';

// The built site: index.html for every page, and the public pages' own copies that preload their chunks.
let web: string;
let ctx: TestContext;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'web-pages-'));
  mkdirSync(join(web, '_pages'));
  writeFileSync(join(web, 'index.html'), '<title>any page</title>');
  writeFileSync(join(web, '_pages', 'index.html'), '<title>home</title>');
  writeFileSync(join(web, '_pages', 'login.html'), '<title>login</title>');
  ctx = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await ctx.close();
  rmSync(web, { recursive: true, force: true });
});

describe('the pages of the site', () => {
  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/login?redirect=%2Fplayer', 'login'],
    ['/register', 'any page'],
    ['/player/deposit', 'any page'],
  ])('%s answers with the HTML of %s, never cached', async (url, title) => {
    const res = await ctx.app.inject({ url, headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(`<title>${title}</title>`);
  });
});
