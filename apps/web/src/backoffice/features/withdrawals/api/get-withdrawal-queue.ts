import { infiniteQueryOptions } from '@tanstack/react-query';
import type { WithdrawalQueueResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { QUEUE_REFRESH_MS, withdrawalKeys } from './keys';

export const getWithdrawalQueue = (cursor: string) =>
  staffApi<WithdrawalQueueResponse>(
    `/v2/backoffice/withdrawals?status=OPEN&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

/** The open withdrawals, oldest first, 50 at a time by keyset; every loaded page is asked again on each poll. */
export const queueQueryOptions = infiniteQueryOptions({
  queryKey: [...withdrawalKeys.open, 'pages'],
  queryFn: ({ pageParam }) => getWithdrawalQueue(pageParam),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  refetchInterval: QUEUE_REFRESH_MS,
});
