import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { chunkGraph, DEFAULT_LANGUAGE, pageChunks, PAGES_DIR, specOf, textLanguages, type PageSpec } from './chunk-graph.ts';
// by its path: Vite's config loader leaves a package's import to Node, which cannot read TypeScript
import { RENDER_MODULE_DIR, withPageMarkup } from '../../../packages/contracts/src/page-html.ts';
import { buildPrerender } from './prerender.ts';

/**
 * For each page, a copy of index.html that also preloads what the page needs beside the entry
 * script: its route chunks (`<link rel="modulepreload">`), and, as its spec says, the translation
 * files it waits for and its API reads. They download with the entry script instead of after it has
 * run and the router has matched the path. `pages` maps a page name (`index` is `/`, `login` is
 * `/login`, `player/deposit` is `/player/deposit`, `player/index` is `/player`) to its spec, or to its
 * route files alone. The copy is `_pages/<name>.html`.
 *
 * With `prerender`, each page it names also gets one copy per language, `<page>.<language>.html`, whose
 * `#root` holds the page as the browser's first render draws it for a visitor (rendered by
 * `prerender.entry`, built for Node on the side) and whose `<style>` holds the whole stylesheet:
 * the page paints from the HTML, before any script or stylesheet has arrived
 * (docs/decisions/020-prerendered-public-pages.md). The server chooses the copy. The module stays in the
 * build as `_ssr/prerender.mjs`: the server renders a player's page into its copy (decision 204).
 */
export function pageModulePreloads(
  pages: Record<string, string[] | PageSpec>,
  prerender?: { entry: string; paths: Record<string, string> },
): Plugin {
  return {
    name: 'page-modulepreloads',
    // not in the Node build of the prerender itself
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const graph = chunkGraph(bundle);
      const { walk, loaded, chunkOf } = graph;
      const preloads = (files: Iterable<string>) =>
        [...files]
          .filter((f) => !loaded.has(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n    ');
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const pageHtml = new Map<string, string>();
      for (const [page, value] of Object.entries(pages)) {
        const spec = specOf(value);
        const reads = (spec.reads ?? []).map((path) => {
          if (!/^\/api\/[\w/.-]+$/.test(path)) throw new Error(`page-modulepreloads: ${path} is not an API path (page ${page})`);
          return `<link rel="preload" href="${path}" as="fetch" crossorigin="use-credentials">`;
        });
        const withHead = (language: string | null) => {
          // a page that waits for every namespace tells the entry its texts come in one file (lib/i18n.ts, decision 194)
          const marker = spec.allNamespaces && language !== null ? ['<meta name="texts" content="all">'] : [];
          const head = [...marker, preloads(pageChunks(graph, page, spec, language)), ...reads].filter(Boolean).join('\n    ');
          return html.replace('</head>', `  ${head}\n  </head>`);
        };
        // the prerendered copies add their language's texts to this head
        pageHtml.set(page, withHead(null));
        mkdirSync(dirname(join(dir, PAGES_DIR, page)), { recursive: true });
        writeFileSync(join(dir, PAGES_DIR, `${page}.html`), withHead(DEFAULT_LANGUAGE));
        if (!spec.allNamespaces) continue;
        // a player whose language is not Lao waits for that language's texts instead: `<page>.<language>.html`
        // preloads its file in place of Lao's (the server chooses the copy by the language, docs/decisions/077, 147)
        for (const language of textLanguages(graph)) {
          if (language !== DEFAULT_LANGUAGE) writeFileSync(join(dir, PAGES_DIR, `${page}.${language}.html`), withHead(language));
        }
      }
      // index.html answers the paths without a copy of their own: Lao's first texts download with the entry there too
      const first = preloads(pageChunks(graph, 'index.html', { routes: [] }));
      writeFileSync(join(dir, 'index.html'), html.replace('</head>', `  ${first}\n  </head>`));
      if (!prerender) return;

      const css = Object.values(bundle).flatMap((a) => (a.type === 'asset' && a.fileName.endsWith('.css') ? [a] : []));
      if (css.length !== 1) throw new Error(`prerender: expected one stylesheet, found ${css.length}`);
      const sheet = String(css[0]!.source);
      // kept in the build: the server renders a player's page with the same module (docs/decisions/204)
      const render = await buildPrerender(prerender.entry, join(dir, RENDER_MODULE_DIR));
      for (const [page, path] of Object.entries(prerender.paths)) {
        const base = pageHtml.get(page);
        if (base === undefined) throw new Error(`prerender: ${page} is not one of the pages`);
        for (const language of render.LANGUAGES) {
          // the language's texts are fetched by the entry before its first render: they download with it
          const localeChunks = new Set<string>();
          for (const ns of render.EAGER_NAMESPACES) {
            const chunk = chunkOf(`/src/locales/${ns}.json?lang=${language}`);
            if (chunk) walk(chunk.fileName, localeChunks);
          }
          const out = withPageMarkup(base, {
            path,
            markup: await render.prerender(path, language),
            lang: render.LOCALE_TAG[language],
            script: render.LANGUAGE_SWITCH_SCRIPT,
            sheet,
            head: preloads(localeChunks),
          });
          writeFileSync(join(dir, PAGES_DIR, `${page}.${language}.html`), out);
        }
      }
    },
  };
}
