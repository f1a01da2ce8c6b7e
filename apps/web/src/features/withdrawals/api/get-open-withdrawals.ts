import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenWithdrawalsResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export const getOpenWithdrawals = () => api<OpenWithdrawalsResponse>('/v2/withdrawals/open');

/**
 * The withdrawal in progress (PENDING or OPEN), or null. Asked afresh each time; while the credit
 * is still on its way from the provider (PENDING) it is asked again every 2 s.
 */
export const openWithdrawalQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalKeys.open,
    queryFn: getOpenWithdrawals,
    select: (d) => d.items[0] ?? null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.items.some((w) => w.status === 'PENDING') ? 2000 : false),
  });

export const useOpenWithdrawal = () => useQuery(openWithdrawalQueryOptions());
