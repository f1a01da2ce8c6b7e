// Initial JavaScript of the player site's first page, gzip: the entry script of the HTML served for `/`
// (dist/_pages/index.html, else dist/index.html), its modulepreloads (the home page's route chunks
// among them), and every chunk those import statically (what the browser must fetch before `/` can run).
// Usage: node bench/bundle-size.mjs [distDir]   (default: $WEB_DIST or apps/web/dist)
// Fails (exit 1) above the budget of 150 KB; the goal is 120 KB.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const GOAL_KB = 120;
const root = new URL('../', import.meta.url).pathname;
const dist = resolve(process.argv[2] ?? process.env.WEB_DIST ?? join(root, 'apps/web/dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`no ${join(dist, 'index.html')}: build the site first (npm run build)`);
  process.exit(2);
}
// the HTML the server answers `/` with: the home page's own copy (it also preloads the page's route chunks)
const homePath = join(dist, '_pages/index.html');
const html = readFileSync(existsSync(homePath) ? homePath : join(dist, 'index.html'), 'utf8');

const attr = (tag, name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*"([^"]+)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const start = [];
for (const tag of tags) {
  if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) start.push(attr(tag, 'src'));
  if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) start.push(attr(tag, 'href'));
}
// the stylesheet: a blocking link, or the preload the entry script applies before the first render
const css = tags
  .filter((t) => t.startsWith('<link') && (attr(t, 'rel') === 'stylesheet' || /\bdata-app-css\b/.test(t)))
  .map((t) => attr(t, 'href'));

const toFile = (url) => join(dist, url.replace(/^\//, ''));
// static imports only: `import{a}from"./x.js"` / `import"./x.js"` (dynamic `import(` is lazy, not initial)
const STATIC_IMPORT = /\bimport\s*(?:[\w${},\s*]+from\s*)?["']([^"']+\.js)["']/g;

// libraries that belong in route chunks only; naming the chunk that pulled one in saves a hunt
const HEAVY = [{ name: 'zod', marker: /\$ZodType|ZodError/ }];
const heavyFound = [];

const seen = new Map();
const queue = start.map(toFile);
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  const code = readFileSync(file);
  seen.set(file, gzipSync(code).length);
  for (const h of HEAVY) if (h.marker.test(code.toString('utf8'))) heavyFound.push(`${h.name} in ${file.slice(dist.length + 1)}`);
  for (const m of code.toString('utf8').matchAll(STATIC_IMPORT)) {
    const spec = m[1];
    const next = spec.startsWith('/') ? toFile(spec) : resolve(dirname(file), spec);
    if (!seen.has(next) && existsSync(next)) queue.push(next);
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
let total = 0;
for (const [file, size] of [...seen].sort((a, b) => b[1] - a[1])) {
  total += size;
  console.log(`${kb(size).padStart(7)} KB  ${file.slice(dist.length + 1)}`);
}
const cssTotal = css.reduce((sum, href) => sum + gzipSync(readFileSync(toFile(href))).length, 0);
console.log(`initial JS for / (gzip): ${kb(total)} KB in ${seen.size} files · budget ${BUDGET_KB} KB · goal ${GOAL_KB} KB`);
console.log(`initial CSS (gzip): ${kb(cssTotal)} KB`);
for (const h of heavyFound) console.warn(`warning: ${h} (a route's validateSearch or beforeLoad imports it; only components are split)`);
if (total / 1024 > BUDGET_KB) {
  console.error(`over budget by ${kb(total - BUDGET_KB * 1024)} KB`);
  process.exit(1);
}
