// The player site has one stylesheet, in force before any chunk loads: inline in a page drawn into its HTML
// (decisions 020, 204), else applied by src/lib/app-styles.ts before the first render. A chunk that listed it
// among the files Vite's preload helper loads with it would have the helper add it again as a <link> on a page
// that has it inline: a second download, and a restyle of the whole page on a slow phone while it is in use
// (docs/decisions/205; apps/web/vite.config.ts, `cssCodeSplit: false`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ensureWebBuilt, webDist } from './lib/web-build.mjs';

test('the player site has one stylesheet, which no chunk asks for again', () => {
  ensureWebBuilt();
  const assets = join(webDist(), 'assets');
  const files = readdirSync(assets);
  const sheets = files.filter((f) => f.endsWith('.css'));
  expect(sheets).toHaveLength(1);
  const asking = files.filter((f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes(sheets[0]));
  expect(asking).toEqual([]);
}, 900_000);
