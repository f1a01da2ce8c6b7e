// index.html's head for the first page load (docs/decisions/016-first-paint.md).
import type { Plugin } from 'vite';

/**
 * Preloads the webfont files from index.html: the browser fetches them alongside the scripts instead of
 * discovering them only once the page has rendered text (one round trip less on a phone). The Latin
 * subsets too (digits, amounts, BCEL, the brand): without them the first layout looks for those glyphs
 * in the system's fonts and lays the page out again when the subset arrives (docs/decisions/086).
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
