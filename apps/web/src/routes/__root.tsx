import { Suspense, lazy } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { loadAgency } from '@/lib/api/agency-info';
import { AppShell } from '@/components/layout/app-shell';
import { ErrorView } from '@/components/layout/error-view';
import { NotFound } from '@/components/layout/not-found';
import { UserMenu } from '@/features/auth/components/user-menu';
import { PendingScreen } from '@/components/layout/pending-screen';

// a host of no agency is rare (a misconfigured domain): its page is a chunk of its own, not the entry's (docs/decisions/185)
const AgencyErrorPage = lazy(() => import('@/components/layout/agency-error-page').then((m) => ({ default: m.AgencyErrorPage })));

export interface RouterContext {
  queryClient: QueryClient;
}

/** The agency comes first (SPEC.md §2): every guard below reads it from the context. */
export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => ({ agency: await loadAgency(context.queryClient) }),
  component: RootLayout,
  errorComponent: ErrorView,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { agency } = Route.useRouteContext();
  if (!agency)
    return (
      <Suspense fallback={<PendingScreen />}>
        <AgencyErrorPage />
      </Suspense>
    );
  return (
    <AppShell userMenu={(displayName) => <UserMenu displayName={displayName} />}>
      <Outlet />
    </AppShell>
  );
}
