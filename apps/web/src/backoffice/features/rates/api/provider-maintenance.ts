import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderId, ProviderMaintenanceResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

const maintenanceKey = ['backoffice', 'providers', 'maintenance'] as const;
const url = (provider: ProviderId) => `/v2/backoffice/providers/${provider}/maintenance`;

export const maintenanceQueryOptions = () =>
  queryOptions({ queryKey: maintenanceKey, queryFn: () => staffApi<ProviderMaintenanceResponse>('/v2/backoffice/providers/maintenance') });

/** Switch a provider off (`until`: ISO or null) or back on (`until` undefined); the answer is the new list. */
export function useSwitchMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, until }: { provider: ProviderId; until?: string | null }) =>
      until === undefined
        ? staffApi<ProviderMaintenanceResponse>(url(provider), { method: 'DELETE' })
        : staffApi<ProviderMaintenanceResponse>(url(provider), { method: 'PUT', body: JSON.stringify({ until }) }),
    onSuccess: (data) => client.setQueryData(maintenanceKey, data),
  });
}
