import { useQuery } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export const getWithdrawal = (id: string) => api<WithdrawalResponse>(`/v2/withdrawals/${id}`);

/** A withdrawal waits for the provider (PENDING) or for staff (OPEN): asked again every few seconds until it is over. */
export const WITHDRAWAL_POLL_MS = 3000;
export const isInProgress = (status: Withdrawal['status']) => status === 'PENDING' || status === 'OPEN';

/**
 * The withdrawal shown on the page, followed while it is in progress (only while the page is visible:
 * TanStack Query pauses intervals in a hidden tab and refetches when it comes back).
 */
export const useWithdrawal = (shown: Withdrawal | null) =>
  useQuery({
    queryKey: withdrawalKeys.one(shown?.id ?? ''),
    queryFn: () => getWithdrawal(shown!.id),
    enabled: shown !== null,
    initialData: shown ? { withdrawal: shown } : undefined,
    initialDataUpdatedAt: 0,
    select: (d) => d.withdrawal,
    refetchInterval: (q) => (q.state.data && isInProgress(q.state.data.withdrawal.status) ? WITHDRAWAL_POLL_MS : false),
  });
