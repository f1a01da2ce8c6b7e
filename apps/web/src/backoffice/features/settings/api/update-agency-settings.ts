import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencySettingsUpdate } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { settingsKeys } from './keys';

export const updateAgencySettings = (body: AgencySettingsUpdate) =>
  staffApi<{ ok: true }>('/v2/backoffice/agency/settings', { method: 'PUT', body: JSON.stringify(body) });

/** The bounds and social links together (one PUT); the settings are read again after. */
export function useUpdateAgencySettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateAgencySettings, onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.all }) });
}
