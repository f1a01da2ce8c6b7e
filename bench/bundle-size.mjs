// Initial JavaScript of the player site's pages, gzip: for `/`, `/login` and each player page (its
// heaviest language copy, dist/_pages), the entry script, its modulepreloads (the page's route chunks and
// texts) and every chunk those import statically (what the browser must fetch before the page can run).
// The budget is a test (scripts/first-page-js.test.mjs); this prints the figures and each chunk's biggest modules.
// Usage: node bench/bundle-size.mjs [distDir]   (default: $WEB_DIST or apps/web/dist)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgetPages, chunkModules, describe, GOAL_KB, kb, LIMIT_KB } from '../scripts/lib/first-page-js.mjs';
import { webDist } from '../scripts/lib/web-build.mjs';

const dist = resolve(process.argv[2] ?? webDist());
if (!existsSync(join(dist, '_pages'))) {
  console.error(`no ${join(dist, '_pages')}: build the site first (npm run build)`);
  process.exit(2);
}
const pages = budgetPages(dist);
const modules = chunkModules(dist);
console.log(
  describe(
    pages.find((p) => p.page === 'index'),
    modules,
    8,
  ),
);
for (const p of pages) {
  console.log(
    `initial JS for ${p.page} (gzip): ${kb(p.total)} KB in ${p.files.length} files (${p.html}) · limit ${LIMIT_KB[p.page]} KB · goal ${GOAL_KB} KB`,
  );
}
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const css = [...html.matchAll(/<link\b[^>]*\bdata-app-css\b[^>]*href="\/([^"]+)"|<link\b[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(
  (m) => m[1] ?? m[2],
);
console.log(`initial CSS (gzip): ${kb(css.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0))} KB`);
