import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FraudSignalDecisionBody, PlayerSignalsResponse } from '@app/contracts';
import { staffApi, staffPost } from '@/backoffice/lib/api';

/** Every player's signals live under this key: a decision reads all of them again (a ring names several players). */
export const signalKeys = {
  all: ['backoffice', 'signals'] as const,
  player: (id: string) => ['backoffice', 'signals', id] as const,
};

/** The player's fraud signals, open first, each naming the other player (decision 164). */
export const playerSignalsQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: signalKeys.player(playerId),
    queryFn: () => staffApi<PlayerSignalsResponse>(`/v2/backoffice/players/${playerId}/signals`),
    staleTime: 0,
  });

/** Dismiss or confirm a signal with a reason (owner and finance; audited); a ring's decision is the ring's. */
export function useDecideSignal(signalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FraudSignalDecisionBody) => staffPost<{ decided: number }>(`/v2/backoffice/signals/${signalId}/decision`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: signalKeys.all });
      // the queue's badges count the signals not dismissed
      void client.invalidateQueries({ queryKey: ['backoffice', 'withdrawals'] });
      void client.invalidateQueries({ queryKey: ['backoffice', 'withdrawal'] });
    },
  });
}
