import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalPage } from '@app/contracts';
import { api } from '@/lib/api-client';
import { isInProgress, WITHDRAWAL_POLL_MS } from './get-withdrawal';
import { withdrawalKeys } from './keys';

export const getWithdrawals = (page: number, pageSize: number) => api<WithdrawalPage>(`/v2/withdrawals?page=${page}&pageSize=${pageSize}`);

export const withdrawalsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: withdrawalKeys.list(page, pageSize),
    queryFn: () => getWithdrawals(page, pageSize),
    placeholderData: keepPreviousData,
    // a withdrawal waiting for the provider or for staff: the list follows it while the page is visible
    refetchInterval: (q) => (q.state.data?.items.some((w) => isInProgress(w.status)) ? WITHDRAWAL_POLL_MS : false),
  });

export const useWithdrawals = (page: number, pageSize: number) => useQuery(withdrawalsQueryOptions(page, pageSize));
