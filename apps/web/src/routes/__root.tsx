import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { AgencyInfoResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData({
      queryKey: ['agency'],
      queryFn: () => api<AgencyInfoResponse>('/v2/agency/info'),
      retry: false,
    }),
  component: RootLayout,
  errorComponent: () => <p role="alert">cannot log in, please contact Support</p>,
});

function RootLayout() {
  const { agency } = Route.useLoaderData();
  return (
    <div className="min-h-screen">
      <header className="p-4">
        <a href={agency.social.telegram} data-testid="agency-telegram">
          Telegram
        </a>
      </header>
      <Outlet />
    </div>
  );
}
