import { queryOptions } from '@tanstack/react-query';
import type { WithdrawalQueueSummary } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { QUEUE_REFRESH_MS, withdrawalKeys } from './keys';

export const getQueueSummary = () => staffApi<WithdrawalQueueSummary>('/v2/backoffice/withdrawals/summary');

/** How many wait, since when, and the newest: the tab title's count and the chime. */
export const queueSummaryQueryOptions = queryOptions({
  queryKey: [...withdrawalKeys.open, 'summary'],
  queryFn: getQueueSummary,
  refetchInterval: QUEUE_REFRESH_MS,
});
