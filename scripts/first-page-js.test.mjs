// The first-page budget: the JavaScript (gzip) that `/`, `/login` and each player page need before they
// can run, read from the build (deterministic, no timing). Over the limit, it names each such page's
// chunks and their biggest modules. `node bench/bundle-size.mjs` prints the same figures.
import { expect, test } from 'vitest';
import { budgetPages, chunkModules, describe, GOAL_KB, kb, LIMIT_KB } from './lib/first-page-js.mjs';
import { ensureWebBuilt, webDist } from './lib/web-build.mjs';

test(`the first page's JavaScript (gzip) of /, /login and the player pages is within each page's limit (goal ${GOAL_KB} KB)`, () => {
  // npm test builds before Vitest (scripts/test.mjs): this finds the build current and reuses it
  ensureWebBuilt();
  const dist = webDist();
  const pages = budgetPages(dist);
  // every page has a limit, and every limit a page
  expect(pages.map((p) => p.page)).toEqual(Object.keys(LIMIT_KB).sort());
  const modules = chunkModules(dist);
  const over = pages.filter((p) => p.total > LIMIT_KB[p.page] * 1024);
  const report = over.map((p) => `over ${LIMIT_KB[p.page]} KB by ${kb(p.total - LIMIT_KB[p.page] * 1024)} KB: ${describe(p, modules)}`);
  expect(report.join('\n\n')).toBe('');
}, 900_000);
