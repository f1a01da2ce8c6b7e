import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files a browser fetches as text; smaller than 1 KB, compression saves less than its headers cost. */
export const COMPRESSED = /\.(js|css|html|svg|json|txt|webmanifest)$/;
export const COMPRESS_MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && COMPRESSED.test(e.name)).map((e) => join(e.parentPath, e.name));
}

/**
 * `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, written once by every
 * `vite build` (the player site's and the back office's): the server sends them as they are
 * (apps/server/src/plugins/web.ts, `preCompressed`) instead of the raw file, which a proxy would
 * compress on each request at its fast level (Caddy's zstd: the entry 79 KB against brotli's 67,
 * decision 202). Runs after every other plugin has written its files (the page copies in `_pages`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await filesUnder(outDir);
        // a few files at a time: zlib works on libuv's pool (four threads), not on this one
        const next = async (): Promise<void> => {
          const path = files.pop();
          if (path === undefined) return;
          const data = await readFile(path);
          if (data.length >= COMPRESS_MIN_BYTES) {
            const [br, gz] = await Promise.all([
              brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
              gzipAsync(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }
          return next();
        };
        await Promise.all([next(), next()]);
      },
    },
  };
}
