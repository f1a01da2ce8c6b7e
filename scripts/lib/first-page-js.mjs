// The JavaScript a page of the player site needs before it can run, gzip: the entry script of the page's
// HTML, its modulepreloads (the page's route chunks, the texts it waits for) and every chunk those import
// statically. Dynamic `import(` is lazy, not initial. Read from a build (apps/web/dist or WEB_DIST); the
// modules of each chunk come from `.vite/chunk-modules.json`, which the build writes (apps/web/vite.plugins.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Each page's figure today (its heaviest language copy) rounded up to the whole KB (at most 1.5 KB more),
 * held by scripts/first-page-js.test.mjs: lower a page's limit as it shrinks, never raise it to let one
 * grow. The goal is GOAL_KB for every page; docs/decisions/180 says where the rest is.
 */
export const LIMIT_KB = {
  index: 81,
  login: 104,
  'player/index': 95,
  'player/bank': 94,
  'player/deposit': 114,
  'player/deposit/history': 94,
  'player/promotion': 99,
  'player/promotion/history': 99,
  'player/withdraw': 114,
  'player/withdraw/history': 95,
};
export const GOAL_KB = 70;

/** The pages held to the budget: `/`, `/login` and the player area's (`_pages/<name>.html`, `index` is a folder's own page). */
export const BUDGET_PAGES = /^(index|login|player\/.+)$/;

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*"([^"]+)"`))?.[1];
// static imports only: `import{a}from"./x.js"` / `import"./x.js"`
const STATIC_IMPORT = /\bimport\s*(?:[\w${},\s*]+from\s*)?["']([^"']+\.js)["']/g;

/** The initial chunks of one HTML file of `dist`: `[{ file, gzip }]`, biggest first, and their total. */
export function initialJs(distDir, htmlFile) {
  // absolute, as the static imports resolve: a relative folder would count each chunk twice
  const dist = resolve(distDir);
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const toFile = (url) => join(dist, url.replace(/^\//, ''));
  const queue = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) queue.push(toFile(attr(tag, 'src')));
    if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) queue.push(toFile(attr(tag, 'href')));
  }
  const seen = new Map();
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const code = readFileSync(file);
    seen.set(file, gzipSync(code).length);
    for (const m of code.toString('utf8').matchAll(STATIC_IMPORT)) {
      const next = m[1].startsWith('/') ? toFile(m[1]) : resolve(dirname(file), m[1]);
      if (!seen.has(next) && existsSync(next)) queue.push(next);
    }
  }
  const files = [...seen].map(([file, gzip]) => ({ file: file.slice(dist.length + 1), gzip })).sort((a, b) => b.gzip - a.gzip);
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/**
 * Every page of `dist` the budget holds, at its heaviest copy: a page has one HTML file per language
 * (`login.th.html` also preloads Thai's texts), the server chooses one by the visitor.
 */
export function budgetPages(dist) {
  const pagesDir = join(dist, '_pages');
  const byPage = new Map();
  for (const name of readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).map((n) => n.replaceAll('\\', '/'))) {
    if (!name.endsWith('.html')) continue;
    const page = name.slice(0, -'.html'.length).split('.')[0];
    if (!BUDGET_PAGES.test(page)) continue;
    const js = { ...initialJs(dist, join('_pages', name)), html: name };
    if (!byPage.has(page) || byPage.get(page).total < js.total) byPage.set(page, js);
  }
  return [...byPage].map(([page, js]) => ({ page, ...js })).sort((a, b) => a.page.localeCompare(b.page));
}

/** The modules of each chunk with their own gzip size, as the build recorded them (`{ [chunk file]: { [module]: bytes } }`). */
export function chunkModules(dist) {
  const path = join(dist, '.vite/chunk-modules.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** A page's chunks and, under each, its `top` biggest modules: what to look at when the page grew. */
export function describe(page, modules, top = 5) {
  const lines = [`${page.page} (${page.html}): ${kb(page.total)} KB`];
  for (const f of page.files) {
    lines.push(`  ${kb(f.gzip).padStart(6)} KB  ${f.file}`);
    const biggest = Object.entries(modules[f.file] ?? {})
      .sort((a, b) => b[1] - a[1])
      .slice(0, top);
    for (const [id, bytes] of biggest) lines.push(`            ${kb(bytes).padStart(6)} KB  ${id}`);
  }
  return lines.join('\n');
}
