import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffExclusionBody, StaffPlayerLimitsResponse } from '@app/contracts';
import { staffApi, staffPost } from '@/backoffice/lib/api';
import { playerKeys } from './keys';

const limitsKey = (id: string) => [...playerKeys.player(id), 'limits'] as const;

/** The player's deposit limits with every change, and every exclusion. */
export const playerLimitsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: limitsKey(id),
    queryFn: () => staffApi<StaffPlayerLimitsResponse>(`/v2/backoffice/players/${id}/limits`),
    staleTime: 0,
  });

/** An exclusion set by staff, with a reason (audited); none is ever lifted. */
export function useExcludePlayer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffExclusionBody) => staffPost<StaffPlayerLimitsResponse>(`/v2/backoffice/players/${id}/exclusion`, body),
    onSuccess: (answer) => client.setQueryData(limitsKey(id), answer),
  });
}
