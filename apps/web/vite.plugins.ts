// The player site's and the back office's own Vite plugins (vite.config.ts, vite.backoffice.config.ts),
// one file per concern under vite-plugins/: index.html's head, the chunks each page preloads and its
// prerendered copies, V8's compile hints, the build's chunk report, one language out of a namespace's
// translation file, the back office's dev server.
export { backofficeSpaFallback } from './vite-plugins/backoffice-spa-fallback.ts';
export { PAGES_DIR, type PageSpec } from './vite-plugins/chunk-graph.ts';
export { chunkModulesFile } from './vite-plugins/chunk-modules-file.ts';
export { compileHints } from './vite-plugins/compile-hints.ts';
export { deferAppStyles } from './vite-plugins/index-html.ts';
export { localeLanguage } from './vite-plugins/locale-language.ts';
export { pageModulePreloads } from './vite-plugins/page-preloads.ts';
export { precompress } from './vite-plugins/precompress.ts';
