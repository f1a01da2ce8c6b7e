import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

// by its path: Vite's config loader leaves a package's import to Node, which cannot read TypeScript
import { RENDER_MODULE_FILE } from '../../../packages/contracts/src/page-html.ts';

type PrerenderModule = typeof import('../src/prerender.tsx');

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
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: RENDER_MODULE_FILE } },
      },
      ssr: { noExternal: true },
    });
    return (await import(pathToFileURL(join(outDir, RENDER_MODULE_FILE)).href)) as PrerenderModule;
  } finally {
    if (!keepIn) rmSync(outDir, { recursive: true, force: true });
  }
}
