import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AgencyInfoResponse } from '@app/contracts';
import { ApiError, api } from '@/lib/api-client';

export type Agency = AgencyInfoResponse['agency'];

export const agencyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['agency', 'info'],
    queryFn: () => api<AgencyInfoResponse>('/v2/agency/info'),
    // SPEC.md §7: not retried
    retry: false,
  });

/**
 * The agency serving this host, or null when the host belongs to none (404: the root shows
 * the 'contact Support' page). Other failures throw to the error view.
 */
export async function loadAgency(queryClient: QueryClient): Promise<Agency | null> {
  try {
    return (await queryClient.ensureQueryData(agencyInfoQueryOptions())).agency;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
