import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { LOCALE_TAG, type Language } from '@app/contracts/languages';
import { preloadedSheetPath, RENDER_MODULE_DIR, RENDER_MODULE_FILE, withPageMarkup } from '@app/contracts/page-html';
import { pageRenders } from '../metrics/registry.js';

const PLAYER_PATH = /^\/player(\/[\w-]+)*$/;

/** The module the web build keeps for the server (apps/web/src/prerender.tsx, `_ssr/prerender.mjs`). */
const RENDER_MODULE = join(RENDER_MODULE_DIR, RENDER_MODULE_FILE);

interface RenderModule {
  renderPlayerPage(url: string, language: Language, answers: Record<string, unknown>): Promise<string | null>;
}

export interface PlayerPageRenderer {
  /**
   * The player page's copy of index.html with the page drawn into it from the answers its HTML carries
   * (`answers`, by path, as JSON text), or null: the copy stays as it is (the spinner) when the build
   * has no render, too many renders are waiting, or the page needs more than its answers.
   */
  render(html: string, url: string, language: Language, answers: ReadonlyMap<string, string>): Promise<string | null>;
}

/** A file of the built site read once, then kept: the build does not change under a running server (a failed read is not kept). */
export function keptFiles(root: string): (path: string) => Promise<string> {
  const kept = new Map<string, Promise<string>>();
  return (path) => {
    let text = kept.get(path);
    if (!text) {
      text = readFile(join(root, path), 'utf8');
      kept.set(path, text);
      text.catch(() => kept.delete(path));
    }
    return text;
  };
}

/**
 * The share of the last half second (or more, since the last look) the event loop spent busy: its
 * utilization, read when asked, not on a timer.
 */
export function loopBusy(windowMs = 500): () => number {
  let mark = performance.eventLoopUtilization();
  let at = performance.now();
  let busy = 0;
  return () => {
    const now = performance.now();
    if (now - at >= windowMs) {
      const elu = performance.eventLoopUtilization();
      busy = performance.eventLoopUtilization(elu, mark).utilization;
      mark = elu;
      at = now;
    }
    return busy;
  };
}

/**
 * A logged-in player's page drawn by the server (docs/decisions/204): its HTML paints the page before any
 * script has run on a slow phone, as the prerendered public pages do (decision 020), here with the
 * player's own data. One render at a time in the process (about 12 ms of CPU for the deposit page); when
 * `maxWaiting` renders wait already, or the event loop was busy more than `maxBusy` of the last half second,
 * a page goes out with its spinner instead, as before, and the browser draws it: the render is
 * what a busy server sheds first (decision 206: drawn at every page load, 1,000 players were not held).
 */
export async function playerPageRenderer(
  root: string,
  log: FastifyBaseLogger,
  maxWaiting: number,
  maxBusy: number,
): Promise<PlayerPageRenderer | null> {
  const file = join(root, RENDER_MODULE);
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<RenderModule>;
  if (typeof mod.renderPlayerPage !== 'function') {
    log.warn({ file }, 'the web build has no renderPlayerPage; player pages go out with their spinner');
    return null;
  }
  const { renderPlayerPage } = mod;
  const sheetOf = keptFiles(root);
  let waiting = 0;
  const busy = loopBusy();
  return {
    async render(html, url, language, answers) {
      const path = url.split('?')[0]!;
      const sheetPath = preloadedSheetPath(html);
      // the path goes into an attribute of the page: only the plain paths of the player area
      if (sheetPath === null || answers.size === 0 || !PLAYER_PATH.test(path)) return null;
      if (waiting >= maxWaiting || busy() > maxBusy) {
        pageRenders.inc({ outcome: 'busy' });
        return null;
      }
      waiting += 1;
      try {
        const parsed = Object.fromEntries([...answers].map(([path, body]) => [path, JSON.parse(body) as unknown]));
        const markup = await renderPlayerPage(url, language, parsed);
        if (markup === null) {
          pageRenders.inc({ outcome: 'declined' });
          return null;
        }
        const page = withPageMarkup(html, { path, markup, lang: LOCALE_TAG[language], sheet: await sheetOf(sheetPath) });
        pageRenders.inc({ outcome: 'rendered' });
        return page;
      } catch (err) {
        pageRenders.inc({ outcome: 'failed' });
        log.warn({ err, url }, 'player page not rendered; it goes out with its spinner');
        return null;
      } finally {
        waiting -= 1;
      }
    },
  };
}
