import { useQuery } from '@tanstack/react-query';
import type { ProviderId, ProviderMaintenance, ProviderMaintenanceResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

export const providerMaintenanceKey = ['providers', 'maintenance'] as const;

/** The agency's providers in maintenance (decision 175); read again on each page that chooses a provider. */
export const useProviderMaintenance = () =>
  useQuery({
    queryKey: providerMaintenanceKey,
    queryFn: () => api<ProviderMaintenanceResponse>('/v2/providers/maintenance'),
    staleTime: 0,
  });

/** The maintenance of one provider, if it is in maintenance. */
export function useMaintenanceOf(provider: ProviderId): ProviderMaintenance | undefined {
  return useProviderMaintenance().data?.maintenance.find((m) => m.provider === provider);
}
