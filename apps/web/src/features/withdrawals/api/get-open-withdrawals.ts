import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenWithdrawalsResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { JUST_READ_MS } from '@/lib/query-client';
import { withdrawalKeys } from './keys';

export const getOpenWithdrawals = () => api<OpenWithdrawalsResponse>('/v2/withdrawals/open');

/**
 * The withdrawal in progress (PENDING or OPEN), or null. Asked afresh at each visit (the page's loader
 * and its form make one request: JUST_READ_MS); while the credit is still on its way from the
 * provider (PENDING) it is asked again every 2 s.
 */
export const openWithdrawalQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalKeys.open,
    queryFn: getOpenWithdrawals,
    select: (d) => d.items[0] ?? null,
    staleTime: JUST_READ_MS,
    refetchInterval: (q) => (q.state.data?.items.some((w) => w.status === 'PENDING') ? 2000 : false),
  });

export const useOpenWithdrawal = () => useQuery(openWithdrawalQueryOptions());
