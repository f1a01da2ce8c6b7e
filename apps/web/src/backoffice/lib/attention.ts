import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttentionItem, AttentionKind, AttentionSummary } from '@app/contracts';
import { staffApi, staffPost } from './api';

/** Deposits needing attention (decision 059): asked again this often, as the withdrawal queue is. */
export const ATTENTION_REFRESH_MS = 15_000;
const ATTENTION = ['backoffice', 'attention'] as const;

/** One kind's items, oldest first, 50 at a time by keyset. */
export const attentionQueryOptions = (kind: AttentionKind) =>
  infiniteQueryOptions({
    queryKey: [...ATTENTION, kind],
    queryFn: ({ pageParam }) =>
      staffApi<{ items: AttentionItem[]; nextCursor: string | null }>(
        `/v2/backoffice/deposits/attention?kind=${kind}&limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: ATTENTION_REFRESH_MS,
  });

/** Each kind's count and oldest item: the tabs' counts. */
export const attentionSummaryQueryOptions = queryOptions({
  queryKey: [...ATTENTION, 'summary'],
  queryFn: () => staffApi<AttentionSummary>('/v2/backoffice/deposits/attention/summary'),
  refetchInterval: ATTENTION_REFRESH_MS,
});

/** What staff can do with an item; each call the server makes safe to repeat (decision 059). */
export type AttentionAction =
  | { action: 'retry'; transfers: number }
  | { action: 'refund'; bankReference: string }
  | { action: 'recheck' }
  | { action: 'refund-payment'; bankReference: string };

function actionCall(id: string, a: AttentionAction): [string, unknown] {
  switch (a.action) {
    case 'retry':
      // the count of transfers staff saw: a second press (or a colleague's first) finds another count and does nothing
      return [`/v2/backoffice/deposits/${id}/retry-transfer`, { transfers: a.transfers }];
    case 'refund':
      return [`/v2/backoffice/deposits/${id}/refund`, { bankReference: a.bankReference }];
    case 'recheck':
      return [`/v2/backoffice/transfers/${id}/recheck`, undefined];
    case 'refund-payment':
      return [`/v2/backoffice/unmatched-payments/${id}/refund`, { bankReference: a.bankReference }];
  }
}

/** One item's actions; the lists, their counts and the dashboard are read again after each. */
export function useAttentionAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: AttentionAction) => staffPost<{ item: AttentionItem | null }>(...actionCall(id, a)),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ATTENTION });
      void client.invalidateQueries({ queryKey: ['backoffice', 'dashboard'] });
    },
  });
}
