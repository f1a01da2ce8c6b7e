import type { Plugin } from 'vite';
import { chunkGraph, pageChunks, specOf, type PageSpec } from './chunk-graph.ts';

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
