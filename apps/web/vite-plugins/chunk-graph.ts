// The chunks of a build and what each page loads beside the entry (docs/decisions/016-first-paint.md).
import type { Rolldown } from 'vite';

/** The folder of the per-page copies of index.html; the server answers a page's path with its copy. */
export const PAGES_DIR = '_pages';

/** What a page's own copy of index.html starts loading beside the entry script. */
export interface PageSpec {
  /** the page's route files under src/routes, layouts first: their chunks and what those import */
  routes: string[];
  /**
   * The page waits for every namespace (the player area's `loadAllNamespaces`): its HTML preloads Lao's
   * file of every namespace (locales/bundles/lo.all.ts) in place of the first texts, one request instead
   * of two, and says so to the entry (`<meta name="texts" content="all">`, lib/i18n.ts, decision 194); a
   * copy per other language, `<page>.<language>.html`, preloads that language's file instead: a player
   * reads one language, Lao is no fallback (docs/decisions/147).
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

/** The chunks of a build and how they import each other. */
export function chunkGraph(bundle: Rolldown.OutputBundle) {
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
export const specOf = (value: string[] | PageSpec): PageSpec => (Array.isArray(value) ? { routes: value } : value);

/** The language of a page's HTML when the server knows none (`<page>.html`). */
export const DEFAULT_LANGUAGE = 'lo';
/** A language's translation file of the player area, fetched as one chunk (locales/bundles/<language>.ts). */
const TEXTS = /\/src\/locales\/bundles\/(\w+)\.ts$/;
/** A language's texts of every page's first render (locales/bundles/<language>.first.ts; the entry holds none, decision 156). */
const FIRST_TEXTS = /\/src\/locales\/bundles\/(\w+)\.first\.ts$/;
/** A language's every namespace in one file, for a player page's HTML (locales/bundles/<language>.all.ts, decision 194). */
const ALL_TEXTS = /\/src\/locales\/bundles\/(\w+)\.all\.ts$/;

/** The languages that have a translation file of their own in the build. */
export function textLanguages(graph: ReturnType<typeof chunkGraph>): string[] {
  return graph.chunks.flatMap((c) => graph.ids(c).flatMap((id) => TEXTS.exec(id)?.[1] ?? []));
}

/**
 * The chunks a page's HTML preloads beside the entry (and what the entry loads itself): its routes',
 * the first render's texts in `language`, or its every namespace in one file if it waits for all of them;
 * no texts when `language` is null (a prerendered page names its own, page-preloads.ts).
 */
export function pageChunks(
  graph: ReturnType<typeof chunkGraph>,
  page: string,
  spec: PageSpec,
  language: string | null = DEFAULT_LANGUAGE,
): Set<string> {
  const { chunks, walk, loaded, ids, chunkOf } = graph;
  const needed = new Set<string>();
  for (const file of spec.routes) {
    const chunk = chunkOf(`/src/routes/${file}?tsr-split=component`);
    if (!chunk) throw new Error(`page-modulepreloads: no chunk for ${file} (page ${page})`);
    walk(chunk.fileName, needed);
  }
  if (language === null) return needed;
  for (const file of spec.allNamespaces ? [ALL_TEXTS] : [FIRST_TEXTS]) {
    const texts = chunks.find((c) => !loaded.has(c.fileName) && ids(c).some((id) => file.exec(id)?.[1] === language));
    if (!texts) throw new Error(`page-modulepreloads: no ${language} translation file ${file} outside the entry (page ${page})`);
    walk(texts.fileName, needed);
  }
  return needed;
}
