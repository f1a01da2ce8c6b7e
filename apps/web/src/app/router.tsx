import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '@/routeTree.gen';
import { PendingScreen } from '@/components/layout/pending-screen';
import { NotFound } from '@/components/layout/not-found';
import { ErrorView } from '@/components/layout/error-view';

/** SPEC.md §9 route loading constants. */
export const ROUTER_TIMING = {
  defaultPendingMs: 1000,
  defaultPendingMinMs: 500,
  defaultPreloadDelay: 50,
  defaultPreloadStaleTime: 0,
} as const;

/**
 * What the build's prerender sets (prerender.tsx): a memory history, and no scroll restoration (in a
 * server render it is an inline script, which the CSP forbids; in the browser it renders nothing).
 */
export interface PrerenderRouterOptions {
  history: RouterHistory;
  scrollRestoration: false;
}

export function createAppRouter(queryClient: QueryClient, prerender?: PrerenderRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    ...ROUTER_TIMING,
    defaultPendingComponent: PendingScreen,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorView,
    scrollRestoration: true,
    ...prerender,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
