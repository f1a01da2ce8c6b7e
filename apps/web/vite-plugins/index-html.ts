// index.html's head for the first page load (docs/decisions/016-first-paint.md).
import type { Plugin } from 'vite';

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
