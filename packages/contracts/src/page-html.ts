/** Where a build keeps its render module for the server (apps/web/src/prerender.tsx, decision 204), under the site's folder. */
export const RENDER_MODULE_DIR = '_ssr';
export const RENDER_MODULE_FILE = 'prerender.mjs';

/** The stylesheet a built page preloads (src/lib/app-styles.ts applies it). */
const SHEET_LINK = /<link rel="preload" as="style" data-app-css[^>]*>/;

/**
 * A page's copy of index.html with the page itself in it (docs/decisions/020 and 204): its markup in `#root`
 * (marked with its path) instead of the loading spinner, the stylesheet inline instead of preloaded (the
 * site's app-styles.ts then has nothing to wait for), the language's tag on `<html>`, a script first in
 * the head (a returning visitor's language switch, for the pages prerendered at build time) and `head`
 * (more preloads) before `</head>`. The build writes the public pages with it; the server, a player's page.
 */
export function withPageMarkup(
  html: string,
  page: { path: string; markup: string; lang: string; sheet: string; script?: string; head?: string },
): string {
  const root = /<div id="root">.*<\/div>$/m;
  const htmlTag = /<html lang="[\w-]+">/;
  if (!root.test(html) || !SHEET_LINK.test(html) || !htmlTag.test(html)) {
    throw new Error('page markup: the HTML has no spinner in #root, no preloaded stylesheet or no <html lang>');
  }
  const out = html
    .replace(htmlTag, `<html lang="${page.lang}">`)
    .replace(SHEET_LINK, () => `<style>${page.sheet}</style>`)
    .replace(root, () => `<div id="root" data-prerendered="${page.path}">${page.markup}</div>`);
  // first in the head: it may ask for the page again in the visitor's language before anything paints
  const scripted = page.script ? out.replace('<head>', () => `<head>\n    <script>${page.script}</script>`) : out;
  return page.head ? scripted.replace('</head>', () => `  ${page.head}\n  </head>`) : scripted;
}

/** The stylesheet a built page preloads (`<link rel="preload" as="style" data-app-css href>`): its path, or null. */
export function preloadedSheetPath(html: string): string | null {
  const link = SHEET_LINK.exec(html)?.[0];
  return (link && /\bhref="(\/[^"]+\.css)"/.exec(link)?.[1]) ?? null;
}
