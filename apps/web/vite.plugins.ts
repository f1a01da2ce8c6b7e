// Build-time hints for the first page load (docs/decisions/016-first-paint.md).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';

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

/** The chunks of a build and how they import each other. */
function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  /** `fileName` and every chunk it imports statically, into `into` */
  const walk = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const i of byName.get(fileName)?.imports ?? []) walk(i, into);
  };
  /** what the entry script loads itself */
  const loaded = new Set<string>();
  for (const c of chunks) if (c.isEntry) walk(c.fileName, loaded);
  // the chunk a module went into: its own, or a group's (vite.config.ts, codeSplitting)
  const ids = (c: (typeof chunks)[number]) => c.moduleIds.map((id) => id.replaceAll('\\', '/'));
  const chunkOf = (suffix: string) => chunks.find((c) => ids(c).some((id) => id.endsWith(suffix)));
  return { chunks, walk, loaded, ids, chunkOf };
}

/** A page given by its route files alone, as a spec. */
const specOf = (value: string[] | PageSpec): PageSpec => (Array.isArray(value) ? { routes: value } : value);

/** The chunks a page's HTML preloads beside the entry (and what the entry loads itself): its routes', and Lao's texts if it waits for them. */
function pageChunks(graph: ReturnType<typeof chunkGraph>, page: string, spec: PageSpec): Set<string> {
  const { chunks, walk, loaded, ids, chunkOf } = graph;
  const needed = new Set<string>();
  for (const file of spec.routes) {
    const chunk = chunkOf(`/src/routes/${file}?tsr-split=component`);
    if (!chunk) throw new Error(`page-modulepreloads: no chunk for ${file} (page ${page})`);
    walk(chunk.fileName, needed);
  }
  if (spec.allNamespaces) {
    const lao = chunks.filter((c) => !loaded.has(c.fileName) && ids(c).some((id) => /\/src\/locales\/lo\/[^/]+\.json$/.test(id)));
    if (lao.length === 0) throw new Error(`page-modulepreloads: no Lao translation file outside the entry (page ${page})`);
    for (const c of lao) walk(c.fileName, needed);
  }
  return needed;
}

/** V8's explicit compile hint (v8.dev/blog/explicit-compile-hints), the first line of a script. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The code a page runs as it loads (the entry, what it imports, and the chunks the pages' HTML
 * preloads) starts with V8's compile hint: Chromium compiles all of its functions while the file
 * streams in, on a background thread, instead of each on the main thread the first time it is called
 * (most of them during the first render). The chunks no page's HTML preloads (the footer, the drawer,
 * the menus, the dialogs, zod's resolvers, the other languages' texts) compile lazily as before: most of
 * their functions may never run (docs/decisions/085-compile-hints.md). Other engines read the line as a
 * comment.
 */
export function compileHints(pages: Record<string, string[] | PageSpec>): Plugin {
  return {
    name: 'compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const graph = chunkGraph(bundle);
        const hinted = new Set(graph.loaded);
        for (const [page, value] of Object.entries(pages)) {
          for (const f of pageChunks(graph, page, specOf(value))) hinted.add(f);
        }
        for (const c of graph.chunks) if (hinted.has(c.fileName)) c.code = `${COMPILE_HINT}\n${c.code}`;
      },
    },
  };
}

/**
 * `.vite/chunk-modules.json` in the build: each chunk's modules with their own size (gzip, each alone),
 * paths from the repository's root. The first-page budget (scripts/first-page-js.test.mjs) names with
 * it what a page that grew holds.
 */
export function chunkModulesFile(): Plugin {
  const root = join(import.meta.dirname, '../..');
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

/** The folder of the per-page copies of index.html; the server answers a page's path with its copy. */
export const PAGES_DIR = '_pages';

/** What a page's own copy of index.html starts loading beside the entry script. */
export interface PageSpec {
  /** the page's route files under src/routes, layouts first: their chunks and what those import */
  routes: string[];
  /**
   * The page waits for every namespace (the player area's `loadAllNamespaces`): Lao's translation
   * file (locales/lo/bundle.ts, what the entry does not hold) is preloaded too, and a copy per other
   * language, `<page>.<language>.html`, also preloads that language's file.
   */
  allNamespaces?: boolean;
  /**
   * The API reads (GET paths under /api/) the page's first render waits for: preloaded as the agency
   * and player info are in index.html, the page's own fetch then takes the answer already on its way.
   * The server answers them in the page's HTML instead when it can, and removes their links
   * (apps/server/src/plugins/page-answers.ts, docs/decisions/077).
   */
  reads?: string[];
}

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
 * (docs/decisions/020-prerendered-public-pages.md). The server chooses the copy.
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
      const { chunks, walk, loaded, ids, chunkOf } = graph;
      const preloads = (files: Iterable<string>) =>
        [...files]
          .filter((f) => !loaded.has(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n    ');
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const pageHtml = new Map<string, string>();
      for (const [page, value] of Object.entries(pages)) {
        const spec = specOf(value);
        const needed = pageChunks(graph, page, spec);
        const reads = (spec.reads ?? []).map((path) => {
          if (!/^\/api\/[\w/.-]+$/.test(path)) throw new Error(`page-modulepreloads: ${path} is not an API path (page ${page})`);
          return `<link rel="preload" href="${path}" as="fetch" crossorigin="use-credentials">`;
        });
        const head = [preloads(needed), ...reads].filter(Boolean).join('\n    ');
        pageHtml.set(page, html.replace('</head>', `  ${head}\n  </head>`));
        mkdirSync(dirname(join(dir, PAGES_DIR, page)), { recursive: true });
        writeFileSync(join(dir, PAGES_DIR, `${page}.html`), pageHtml.get(page)!);
        if (!spec.allNamespaces) continue;
        // a player whose language is not Lao waits for that language's texts too: `<page>.<language>.html`
        // preloads its file as well (the server chooses the copy by the language, docs/decisions/077)
        for (const c of chunks) {
          const language = ids(c)
            .map((id) => /\/src\/locales\/(\w+)\/bundle\.ts$/.exec(id)?.[1])
            .find((l) => l !== undefined);
          if (language === undefined || language === 'lo' || loaded.has(c.fileName)) continue;
          const texts = new Set<string>();
          walk(c.fileName, texts);
          writeFileSync(
            join(dir, PAGES_DIR, `${page}.${language}.html`),
            pageHtml.get(page)!.replace('</head>', `  ${preloads(texts)}\n  </head>`),
          );
        }
      }
      if (!prerender) return;

      const css = Object.values(bundle).flatMap((a) => (a.type === 'asset' && a.fileName.endsWith('.css') ? [a] : []));
      if (css.length !== 1) throw new Error(`prerender: expected one stylesheet, found ${css.length}`);
      const sheet = String(css[0]!.source);
      const render = await buildPrerender(prerender.entry);
      for (const [page, path] of Object.entries(prerender.paths)) {
        const base = pageHtml.get(page);
        if (base === undefined) throw new Error(`prerender: ${page} is not one of the pages`);
        for (const language of render.LANGUAGES) {
          // a language other than Lao is fetched by the entry before its first render: it downloads with it
          const localeChunks = new Set<string>();
          for (const ns of render.EAGER_NAMESPACES) {
            const chunk = language === 'lo' ? undefined : chunkOf(`/src/locales/${language}/${ns}.json`);
            if (chunk) walk(chunk.fileName, localeChunks);
          }
          const out = withPrerenderedPage(base, {
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

type PrerenderModule = typeof import('./src/prerender.tsx');

/** Builds `entry` for Node (everything bundled, react resolving to preact/compat as in the site) and loads it. */
async function buildPrerender(entry: string): Promise<PrerenderModule> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-prerender-'));
  try {
    await build({
      configFile: join(import.meta.dirname, 'vite.config.ts'),
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

/**
 * The back office's dev server answers its deep links (/backoffice/login) with backoffice.html, as the
 * server does in production (apps/server/src/plugins/web.ts).
 */
export function backofficeSpaFallback(): Plugin {
  return {
    name: 'backoffice-spa-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (req.method === 'GET' && path.startsWith('/backoffice') && !/\.[a-z0-9]+$/i.test(path) && !path.startsWith('/backoffice/@')) {
          req.url = '/backoffice/backoffice.html';
        }
        next();
      });
    },
  };
}
