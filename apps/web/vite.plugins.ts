// Build-time hints for the first page load (docs/decisions/016-first-paint.md).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Preloads the Lao webfont files from index.html: the browser fetches them alongside the scripts
 * instead of discovering them only once the page has rendered text (one round trip less on a phone).
 */
export function preloadFonts(files: string[]): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const assets = Object.values(ctx.bundle ?? {}).filter((a) => a.type === 'asset' && a.names.some((n) => files.includes(n)));
        if (assets.length !== files.length) throw new Error(`preload-fonts: ${files.join(', ')} not all in the bundle`);
        return assets.map((a) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${a.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * The site's stylesheet stops blocking the first paint: the HTML preloads it (`data-app-css`) and the
 * entry script applies it before React's first render (src/lib/app-styles.ts). The loading screen,
 * styled inline in index.html, paints as soon as the HTML has arrived instead of after the CSS.
 */
export function deferAppStyles(): Plugin {
  return {
    name: 'defer-app-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/g) ?? [];
        if (links.length !== 1) throw new Error(`defer-app-styles: expected one stylesheet link, found ${links.length}`);
        return html.replace(links[0]!, links[0]!.replace('rel="stylesheet"', 'rel="preload" as="style" data-app-css'));
      },
    },
  };
}

/** The folder of the per-page copies of index.html; the server answers a page's path with its copy. */
export const PAGES_DIR = '_pages';

/**
 * For each public page, a copy of index.html that also preloads the page's own route chunks
 * (`<link rel="modulepreload">`), so that they download with the entry script instead of after it
 * has run and the router has matched the path. `pages` maps a page name (`index` is `/`, `login`
 * is `/login`) to its route files under src/routes, layouts first.
 */
export function pageModulePreloads(pages: Record<string, string[]>): Plugin {
  return {
    name: 'page-modulepreloads',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const walk = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const i of byName.get(fileName)?.imports ?? []) walk(i, into);
      };
      const loaded = new Set<string>();
      for (const c of chunks) if (c.isEntry) walk(c.fileName, loaded);
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      mkdirSync(join(dir, PAGES_DIR), { recursive: true });
      for (const [page, routeFiles] of Object.entries(pages)) {
        const needed = new Set<string>();
        for (const file of routeFiles) {
          const suffix = `/src/routes/${file}?tsr-split=component`;
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
          if (!chunk) throw new Error(`page-modulepreloads: no chunk for ${file} (page ${page})`);
          walk(chunk.fileName, needed);
        }
        const links = [...needed]
          .filter((f) => !loaded.has(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n    ');
        writeFileSync(join(dir, PAGES_DIR, `${page}.html`), html.replace('</head>', `  ${links}\n  </head>`));
      }
    },
  };
}
