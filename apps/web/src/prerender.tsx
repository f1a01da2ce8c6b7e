// Build-time only (apps/web/vite.plugins.ts, pageModulePreloads): renders a public page as a visitor's first
// render in the browser shows it, so that its HTML paints the page before any script has run
// (docs/decisions/020-prerendered-public-pages.md). Never part of the browser bundle.
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from './app';
import type { Agency } from './lib/api/agency-info';
import { i18n, i18nReady, type Language } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { setVisitorState } from './app/prerendered';
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
