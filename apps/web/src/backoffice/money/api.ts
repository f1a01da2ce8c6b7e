import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackofficeWithdrawal, DashboardResponse, WithdrawalDetailResponse, WithdrawalQueueResponse } from '@app/contracts';
import { staffApi, staffPost } from '../lib/api';

/** The dashboard refreshes by itself: figures move with every payment, staff keep the screen open. */
export const DASHBOARD_REFRESH_MS = 30_000;
/** New withdrawals appear without a reload: the queue and its count are asked again this often. */
export const QUEUE_REFRESH_MS = 5_000;

export const dashboardQueryOptions = queryOptions({
  queryKey: ['backoffice', 'dashboard'],
  queryFn: () => staffApi<DashboardResponse>('/v2/backoffice/dashboard'),
  refetchInterval: DASHBOARD_REFRESH_MS,
});

const QUEUE_KEY = ['backoffice', 'withdrawals', 'OPEN'] as const;

/** The open withdrawals, oldest first, 50 at a time by keyset; every loaded page is asked again on each poll. */
export const queueQueryOptions = infiniteQueryOptions({
  queryKey: [...QUEUE_KEY, 'pages'],
  queryFn: ({ pageParam }) =>
    staffApi<WithdrawalQueueResponse>(
      `/v2/backoffice/withdrawals?status=OPEN&limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
    ),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  refetchInterval: QUEUE_REFRESH_MS,
});

/** How many wait and since when: the tab title's count. */
export const queueSummaryQueryOptions = queryOptions({
  queryKey: [...QUEUE_KEY, 'summary'],
  queryFn: () => staffApi<{ open: { count: number; oldestAt: string | null } }>('/v2/backoffice/withdrawals/summary'),
  refetchInterval: QUEUE_REFRESH_MS,
});

export const withdrawalDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['backoffice', 'withdrawal', id],
    queryFn: () => staffApi<WithdrawalDetailResponse>(`/v2/backoffice/withdrawals/${id}`),
  });

export type Decision = { action: 'approve'; bankReference: string } | { action: 'reject'; reason: string };

/**
 * Approve with the bank's reference or reject with a reason. The server answers a repeat of the same
 * decision as the first (decision 054), so a second press or a retry never moves money twice.
 */
export function useDecideWithdrawal(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      staffPost<{ withdrawal: BackofficeWithdrawal }>(
        `/v2/backoffice/withdrawals/${id}/${d.action}`,
        d.action === 'approve' ? { bankReference: d.bankReference } : { reason: d.reason },
      ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: QUEUE_KEY });
      void client.invalidateQueries({ queryKey: ['backoffice', 'withdrawal', id] });
      void client.invalidateQueries({ queryKey: dashboardQueryOptions.queryKey });
    },
  });
}
