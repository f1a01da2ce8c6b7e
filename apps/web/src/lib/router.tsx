import { createRouter } from '@tanstack/react-router';
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

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    ...ROUTER_TIMING,
    defaultPendingComponent: PendingScreen,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorView,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
