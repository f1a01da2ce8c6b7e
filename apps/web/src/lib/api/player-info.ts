import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PlayerInfoResponse } from '@app/contracts';
import { ApiError, api } from '@/lib/api-client';

export const playerInfoQueryKey = ['players', 'info'] as const;

/** The current player, or null when logged out (401). SPEC.md §7: never retried. */
export const playerInfoQueryOptions = () =>
  queryOptions({
    queryKey: playerInfoQueryKey,
    queryFn: async (): Promise<PlayerInfoResponse | null> => {
      try {
        return await api<PlayerInfoResponse>('/v2/players/info');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    retry: false,
  });

/** SPEC.md §2: success means logged in, any failure means logged out. */
export async function loadPlayer(queryClient: QueryClient): Promise<PlayerInfoResponse | null> {
  try {
    return await queryClient.ensureQueryData(playerInfoQueryOptions());
  } catch {
    return null;
  }
}

export type AuthStatus = 'loggedIn' | 'loggedOut' | undefined;

/** SPEC.md §4: undefined while the first answer is pending, then loggedIn or loggedOut. */
export function useAuth(): { status: AuthStatus; player: PlayerInfoResponse['player'] | null; info: PlayerInfoResponse | null } {
  const { data, isPending, isError } = useQuery(playerInfoQueryOptions());
  if (isPending) return { status: undefined, player: null, info: null };
  if (isError || !data) return { status: 'loggedOut', player: null, info: null };
  return { status: 'loggedIn', player: data.player, info: data };
}
