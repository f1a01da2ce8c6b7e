import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@app/contracts';
import { post } from '@/lib/api-client';
import { storePlayerId } from '../player-id';
import { playerInfoQueryKey, playerInfoQueryOptions } from '@/lib/api/player-info';

export function login(body: LoginBody): Promise<unknown> {
  return post('/v2/players/login', body);
}

/**
 * SPEC.md §4: a successful login (or registration, which logs in) invalidates the cached player
 * info and sets the stored player id, read from the fresh player info.
 */
export async function afterLogin(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: playerInfoQueryKey });
  const info = await queryClient.fetchQuery(playerInfoQueryOptions());
  if (info) storePlayerId(info.player.id);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => afterLogin(queryClient),
  });
}
