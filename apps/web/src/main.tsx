import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { installChunkReload } from './lib/chunk-reload';
import { appStylesReady } from './lib/app-styles';
import { renderOver } from './lib/render-over';
import { holdEarlyInput } from './lib/early-input';
import { drawsPrerenderedPage } from './app/prerendered';
import { registerServiceWorker } from './lib/service-worker';
import { renderPageFirst } from './lib/shell-after-page';
import './index.css';

installChunkReload();
registerServiceWorker();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root')!;
// The router first resolves the page (agency, guards, the route's chunk), then the page renders with its
// data: no empty page first and a re-render with it. Drawn afresh, the shell's header and bottom bar
// follow in a task of their own (decision 203); over a prerendered page everything at once. Until then
// the HTML shows either the page itself, prerendered at build time for a visitor of a known agency
// (docs/decisions/020), or SPEC.md §2's spinner.
// The language's texts are in before the first render, so that it draws the page the HTML already shows.
// (On Preact, decision 018, the transition runs at once: it is one task; on React it would yield.)
const prerendered = container.getAttribute('data-prerendered');
const releaseEarlyInput = prerendered === null ? undefined : holdEarlyInput(container);
void Promise.all([router.load(), appStylesReady(), i18nReady]).finally(() => {
  const app = <App router={router} queryClient={queryClient} />;
  if (prerendered !== null && drawsPrerenderedPage(router, queryClient, prerendered)) renderOver(app, container);
  // another screen than the prerendered one (or the spinner): drawn afresh, createRoot empties the root
  else renderPageFirst(() => startTransition(() => createRoot(container).render(app)));
  releaseEarlyInput?.();
  // the page answers from here on: what a tap did before (outside a form's sending) did nothing
  container.setAttribute('data-live', '');
});
