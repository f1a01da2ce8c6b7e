import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExclusionPeriod, PlayerLimitsResponse, PutDepositLimitsBody } from '@app/contracts';
import { api, post } from '@/lib/api-client';
import { limitsQueryKey } from './limits';

/** The limits page's changes (its cards, a lazy chunk): not beside the limits' read, which the entry holds (docs/decisions/185). */
function useLimitsMutation<V>(fn: (vars: V) => Promise<PlayerLimitsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      queryClient.setQueryData(limitsQueryKey, answer);
      // whether a promotion may be taken now changes with an exclusion
      void queryClient.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
}

export const useSetLimits = () =>
  useLimitsMutation((v: { body: PutDepositLimitsBody; key: string }) =>
    api<PlayerLimitsResponse>('/v2/players/limits', {
      method: 'PUT',
      body: JSON.stringify(v.body),
      headers: { 'idempotency-key': v.key },
    }),
  );

export const useExclude = () =>
  useLimitsMutation((v: { period: ExclusionPeriod; key: string }) =>
    post<PlayerLimitsResponse>('/v2/players/exclusion', { period: v.period }, { headers: { 'idempotency-key': v.key } }),
  );
