import { useQuery } from '@tanstack/react-query';
import type { ProviderMaintenanceResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

/** The agency's providers in maintenance (decision 175); read again on each page that chooses a provider. */
export const useProviderMaintenance = () =>
  useQuery({
    queryKey: ['providers', 'maintenance'],
    queryFn: () => api<ProviderMaintenanceResponse>('/v2/providers/maintenance'),
    staleTime: 0,
  });
