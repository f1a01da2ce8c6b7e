import { queryOptions } from '@tanstack/react-query';
import type { DashboardResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

/** The dashboard refreshes by itself: figures move with every payment, staff keep the screen open. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const getDashboard = () => staffApi<DashboardResponse>('/v2/backoffice/dashboard');

export const dashboardQueryOptions = queryOptions({
  queryKey: ['backoffice', 'dashboard'],
  queryFn: getDashboard,
  refetchInterval: DASHBOARD_REFRESH_MS,
});
