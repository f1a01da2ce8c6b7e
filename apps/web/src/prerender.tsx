// Renders a page as the browser's first render shows it, so that its HTML paints the page before any script
// has run. Never part of the browser bundle. At build time (apps/web/vite.plugins.ts, pageModulePreloads) a
// public page for a visitor (docs/decisions/020-prerendered-public-pages.md); the build keeps this module
// as `_ssr/prerender.mjs`, with which the server renders a player's page with the answers its HTML carries (decision 204).
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from './app';
import type { Agency } from './lib/api/agency-info';
import { i18n, i18nReady, type Language } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { setVisitorState } from './app/prerendered';
import { holdPageAnswers } from './lib/page-answers';
import { setDefaultTimeZone } from './lib/date-parts';
import { createAppRouter } from './app/router';

export { EAGER_NAMESPACES, LANGUAGES, LOCALE_TAG } from './lib/i18n';
export { LANGUAGE_SWITCH_SCRIPT } from '@app/contracts/languages';

async function renderAs(path: string, agency: Agency): Promise<string> {
  const queryClient = createQueryClient();
  // a visitor (SPEC.md §2: player info fails, logged out) of a known agency: the server serves this
  // HTML only to a host that has one and to a browser without a session (apps/server/src/plugins/web.ts)
  setVisitorState(queryClient, agency);
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
    scrollRestoration: false,
  });
  await router.load();
  // a page whose route fails here would be prerendered as the error page, and painted as such before
  // any script runs: the build fails instead, naming the error
  const failed = router.state.matches.find((m) => m.status === 'error');
  if (failed) throw new Error(`prerender: ${path} fails to render (${String(failed.error)})`, { cause: failed.error });
  // async: a lazily loaded part (the footer) is rendered once its code has loaded; in the browser the
  // first render keeps such a part's prerendered DOM while its code arrives (Preact resumes it)
  const html = await renderToStringAsync((<App router={router} queryClient={queryClient} />) as unknown as VNode);
  queryClient.clear();
  return html;
}

const standIn = (id: string): Agency => ({
  id,
  social: { telegram: `https://t.me/${id}`, whatsapp: '', facebook: '', twitter: '', line: '' },
  // different bounds per stand-in too: a public page that starts showing them fails the build
  limits: {
    depositMinLak: id.endsWith('a') ? '20000' : '10000',
    depositMaxLak: '50000000',
    withdrawMinThb: '100',
    withdrawMaxThb: '200000',
  },
});

/**
 * The markup of `path` in `language`, as the browser's first render produces it for a visitor. The
 * agency is not known at build time: the page is rendered for two different agencies and must not
 * differ, so that a page that starts showing the agency's data fails the build instead of showing
 * another agency's.
 */
export async function prerender(path: string, language: Language): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(language);
  // once to load the lazily loaded parts (the route, the footer), then twice to compare
  await renderAs(path, standIn('prerender-a'));
  const [a, b] = [await renderAs(path, standIn('prerender-a')), await renderAs(path, standIn('prerender-b'))];
  if (a !== b) {
    let at = 0;
    while (a[at] === b[at]) at++;
    throw new Error(`prerender: ${path} depends on the agency's data (…${a.slice(at - 80, at + 80)}…); it cannot be prerendered`);
  }
  return a;
}

// the players' pages show times as their phones do, in Laos: not in the server's zone (UTC on most hosts)
setDefaultTimeZone('Asia/Vientiane');

/** One render at a time: the language is the one i18next instance's, and the answers are held for the render's reads. */
let previous: Promise<unknown> = Promise.resolve();

/**
 * `url` (a path of the player area, with its query) as the browser's first render draws it for the player
 * whose answers these are (apps/server/src/plugins/page-answers.ts: the reads the page's HTML carries, by
 * path), in `language`; null when the page would not be drawn from them alone (the route redirects, a read
 * it waits for is not among them, a render fails): the server then sends the spinner, as without this.
 * Nothing is fetched here: a read not answered fails at once, and is never retried.
 */
export function renderPlayerPage(url: string, language: Language, answers: Record<string, unknown>): Promise<string | null> {
  const run = previous.then(() => renderWith(url, language, answers));
  previous = run.catch(() => undefined);
  return run;
}

async function renderWith(url: string, language: Language, answers: Record<string, unknown>): Promise<string | null> {
  await i18nReady;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  holdPageAnswers(answers);
  try {
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }), scrollRestoration: false });
    await router.load();
    const { location, matches } = router.state;
    // a read that failed here (not among the answers) would be drawn as an error the browser does not show
    const failedRead = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .some((q) => q.state.status === 'error');
    if (location.pathname !== url.split('?')[0] || matches.some((m) => m.status !== 'success') || failedRead()) return null;
    const html = await renderToStringAsync((<App router={router} queryClient={queryClient} />) as unknown as VNode);
    return failedRead() ? null : html;
  } finally {
    holdPageAnswers(null);
    queryClient.clear();
  }
}
