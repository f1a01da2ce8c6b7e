import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

type PrerenderModule = typeof import('../src/prerender.tsx');

/** Where the build keeps the Node module: the server renders the player's pages with it (docs/decisions/204). */
export const SSR_DIR = '_ssr';
export const SSR_MODULE = 'prerender.mjs';

/**
 * Builds `entry` for Node (everything bundled, react resolving to preact/compat as in the site) and loads it;
 * into `keepIn` when given (kept there), else into a temporary folder removed once loaded.
 */
export async function buildPrerender(entry: string, keepIn?: string): Promise<PrerenderModule> {
  const outDir = keepIn ?? mkdtempSync(join(tmpdir(), 'web-prerender-'));
  try {
    await build({
      configFile: join(import.meta.dirname, '../vite.config.ts'),
      logLevel: 'warn',
      build: {
        ssr: entry,
        outDir,
        emptyOutDir: true,
        // the site's public files are the site build's, not this module's
        copyPublicDir: false,
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: SSR_MODULE } },
      },
      ssr: { noExternal: true },
    });
    return (await import(pathToFileURL(join(outDir, SSR_MODULE)).href)) as PrerenderModule;
  } finally {
    if (!keepIn) rmSync(outDir, { recursive: true, force: true });
  }
}
