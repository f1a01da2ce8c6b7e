import { queryOptions } from '@tanstack/react-query';
import type { WithdrawalQueueResponse } from '@app/contracts';
import { staffApi } from './api';

/** The open withdrawals, oldest first: the queue staff decide (DESIGN.md §9). */
export const withdrawalQueueQueryOptions = () =>
  queryOptions({
    queryKey: ['backoffice', 'withdrawals', 'OPEN'],
    queryFn: () => staffApi<WithdrawalQueueResponse>('/v2/backoffice/withdrawals?status=OPEN&limit=50'),
  });
