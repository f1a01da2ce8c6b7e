import { queryOptions } from '@tanstack/react-query';
import { staffApi } from '@/backoffice/lib/api';
import { QUEUE_REFRESH_MS, withdrawalKeys } from './keys';

export const getQueueSummary = () => staffApi<{ open: { count: number; oldestAt: string | null } }>('/v2/backoffice/withdrawals/summary');

/** How many wait and since when: the tab title's count. */
export const queueSummaryQueryOptions = queryOptions({
  queryKey: [...withdrawalKeys.open, 'summary'],
  queryFn: getQueueSummary,
  refetchInterval: QUEUE_REFRESH_MS,
});
