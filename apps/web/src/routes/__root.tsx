import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { loadAgency } from '@/lib/api/agency-info';
import { AgencyErrorPage } from '@/components/layout/agency-error-page';
import { AppShell } from '@/components/layout/app-shell';
import { ErrorView } from '@/components/layout/error-view';
import { NotFound } from '@/components/layout/not-found';
import { UserMenu } from '@/features/auth/components/user-menu';

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
  if (!agency) return <AgencyErrorPage />;
  return (
    <AppShell userMenu={(displayName) => <UserMenu displayName={displayName} />}>
      <Outlet />
    </AppShell>
  );
}
