import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

type PrerenderModule = typeof import('../src/prerender.tsx');

/** Builds `entry` for Node (everything bundled, react resolving to preact/compat as in the site) and loads it. */
export async function buildPrerender(entry: string): Promise<PrerenderModule> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-prerender-'));
  try {
    await build({
      configFile: join(import.meta.dirname, '../vite.config.ts'),
      logLevel: 'warn',
      build: {
        ssr: entry,
        outDir,
        emptyOutDir: true,
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'prerender.mjs' } },
      },
      ssr: { noExternal: true },
    });
    return (await import(pathToFileURL(join(outDir, 'prerender.mjs')).href)) as PrerenderModule;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * index.html with a prerendered page: its markup in `#root` (marked with its path) instead of the loading spinner, the
 * stylesheet inline instead of preloaded (src/lib/app-styles.ts then has nothing to wait for), the
 * language's tag on `<html>`, the language switch of a returning visitor (`script`) first in the head, and
 * `head` (more preloads) before `</head>`.
 */
export function withPrerenderedPage(
  html: string,
  page: { path: string; markup: string; lang: string; script: string; sheet: string; head: string },
): string {
  const root = /<div id="root">.*<\/div>$/m;
  const sheetLink = /<link rel="preload" as="style" data-app-css[^>]*>/;
  if (!root.test(html) || !sheetLink.test(html) || !html.includes('<html lang="lo">')) {
    throw new Error('prerender: index.html has no spinner in #root, no preloaded stylesheet or no <html lang>');
  }
  return (
    html
      .replace('<html lang="lo">', `<html lang="${page.lang}">`)
      // first in the head: it may ask for the page again in the visitor's language before anything paints
      .replace('<head>', () => `<head>\n    <script>${page.script}</script>`)
      .replace(sheetLink, () => `<style>${page.sheet}</style>`)
      .replace(root, () => `<div id="root" data-prerendered="${page.path}">${page.markup}</div>`)
      .replace('</head>', page.head ? `  ${page.head}\n  </head>` : '</head>')
  );
}
