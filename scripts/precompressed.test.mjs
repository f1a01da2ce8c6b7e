// Every text file of the built sites (the player's and the back office's) has its `.br` and `.gz` beside
// it, each decompressing to the file: `vite build` writes them (apps/web/vite-plugins/precompress.ts),
// so that `npm start`'s build and production's `npm run build` alike serve compressed files (decision 202).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { COMPRESS_MIN_BYTES, COMPRESSED } from '../apps/web/vite-plugins/precompress.ts';
import { ensureWebBuilt, webDist } from './lib/web-build.mjs';

test('every text file of the build ≥ 1 KB has a .br and a .gz of the same bytes, the back office’s too', () => {
  ensureWebBuilt();
  const dist = webDist();
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dist, name))
    .filter((path) => {
      if (!COMPRESSED.test(path)) return false;
      const stats = statSync(path);
      return stats.isFile() && stats.size >= COMPRESS_MIN_BYTES;
    });
  // the entry, the stylesheet and the back office's entry are among them
  expect(files.some((f) => /[\\/]assets[\\/]index-[\w-]+\.js$/.test(f))).toBe(true);
  expect(files.some((f) => /[\\/]assets[\\/]style-[\w-]+\.css$/.test(f))).toBe(true);
  expect(files.some((f) => /[\\/]backoffice[\\/]assets[\\/][\w-]+\.js$/.test(f))).toBe(true);
  const wrong = files.filter((path) => {
    const data = readFileSync(path);
    const br = `${path}.br`;
    const gz = `${path}.gz`;
    if (!existsSync(br) || !existsSync(gz)) return true;
    const brotli = readFileSync(br);
    return !brotliDecompressSync(brotli).equals(data) || !gunzipSync(readFileSync(gz)).equals(data) || brotli.length >= data.length;
  });
  expect(wrong.map((f) => f.slice(dist.length + 1))).toEqual([]);
}, 900_000);
