import { useMutation } from '@tanstack/react-query';
import type { AlertChannel, AlertTestResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

export const testAlert = (channel: AlertChannel) =>
  staffApi<AlertTestResponse>('/v2/backoffice/alerts/test', { method: 'POST', body: JSON.stringify({ channel }) });

/** Sends a test message through a saved channel now; answers whether it went, and why not. */
export function useTestAlert(channel: AlertChannel) {
  return useMutation({ mutationFn: () => testAlert(channel) });
}
