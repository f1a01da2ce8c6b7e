import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * `.vite/chunk-modules.json` in the build: each chunk's modules with their own size (gzip, each alone),
 * paths from the repository's root. The first-page budget (scripts/first-page-js.test.mjs) names with
 * it what a page that grew holds.
 */
export function chunkModulesFile(): Plugin {
  const root = join(import.meta.dirname, '../../..');
  return {
    name: 'chunk-modules-file',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const out: Record<string, Record<string, number>> = {};
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        out[c.fileName] = Object.fromEntries(
          Object.entries(c.modules)
            .filter(([, m]) => m.code)
            .map(([id, m]) => [
              relative(root, id)
                .replace(/^(\.\.\/)*node_modules\//, '')
                .replaceAll('\\', '/'),
              gzipSync(m.code!).length,
            ]),
        );
      }
      mkdirSync(join(options.dir!, '.vite'), { recursive: true });
      writeFileSync(join(options.dir!, '.vite/chunk-modules.json'), JSON.stringify(out));
    },
  };
}
