import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositListResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { depositKeys } from './keys';

export const getDeposits = (page: number, pageSize: number) => api<DepositListResponse>(`/v2/deposits?page=${page}&pageSize=${pageSize}`);

export const depositsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: depositKeys.list(page, pageSize),
    queryFn: () => getDeposits(page, pageSize),
    placeholderData: keepPreviousData,
    // an order still waiting for its payment or its credit: the list follows it while the page is visible
    refetchInterval: (q) =>
      q.state.data?.items.some((o) => o.status === 'OPEN' || o.status === 'PAID' || o.status === 'REVIEW') ? HISTORY_POLL_MS : false,
  });

export const HISTORY_POLL_MS = 4000;

export const useDeposits = (page: number, pageSize: number) => useQuery(depositsQueryOptions(page, pageSize));
