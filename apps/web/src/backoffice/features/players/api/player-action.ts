import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from './keys';

/** An action on a player; the page reads the player again after it. */
export function usePlayerAction<B, R>(id: string, call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.player(id) }) });
}
