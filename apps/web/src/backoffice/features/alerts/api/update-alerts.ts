import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsBody, AlertSettingsResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { alertsKeys } from './keys';

export const updateAlerts = (body: AlertSettingsBody) =>
  staffApi<AlertSettingsResponse>('/v2/backoffice/alerts', { method: 'PUT', body: JSON.stringify(body) });

/** The settings and both channels in one PUT; the answer is the new state (tokens only as "set"). */
export function useUpdateAlerts() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateAlerts, onSuccess: (answer) => client.setQueryData(alertsKeys.all, answer) });
}
