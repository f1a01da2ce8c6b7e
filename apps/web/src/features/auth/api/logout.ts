import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { sessionEndingMutation } from '../lib/pause-fetching';
import { clearPlayerId } from '../player-id';
import { playerInfoQueryKey } from '@/lib/api/player-info';

/** SPEC.md §4: removes the cached player, clears the stored id and reloads the page. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    ...sessionEndingMutation,
    mutationFn: () => post('/v2/players/logout'),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: playerInfoQueryKey });
      clearPlayerId();
      window.location.reload();
    },
  });
}
