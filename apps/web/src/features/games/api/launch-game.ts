import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { LaunchGameBody, LaunchGameResponse, ProviderId } from '@app/contracts';
import { api } from '@/lib/api-client';

export const launchGame = (provider: ProviderId, body: LaunchGameBody) =>
  api<LaunchGameResponse>(`/v2/games/${provider}/launch`, { method: 'POST', body: JSON.stringify(body) });

/** A one-time URL; the page sends the browser there and the provider brings the player back. */
export function useLaunchGame(
  provider: ProviderId,
  config: Pick<UseMutationOptions<LaunchGameResponse, Error, LaunchGameBody>, 'onSuccess' | 'onError'> = {},
) {
  return useMutation({ ...config, mutationFn: (body: LaunchGameBody) => launchGame(provider, body) });
}
