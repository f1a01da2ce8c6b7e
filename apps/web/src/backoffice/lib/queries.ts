import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { backofficeWithdrawalsResponseSchema } from '@app/contracts';
import { staffApi } from './api';

export type WithdrawalQueue = z.infer<typeof backofficeWithdrawalsResponseSchema>;

/** The open withdrawals, oldest first: the queue staff decide (DESIGN.md §9). */
export const withdrawalQueueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['backoffice', 'withdrawals', 'OPEN', page],
    queryFn: () => staffApi<WithdrawalQueue>(`/v2/backoffice/withdrawals?status=OPEN&page=${page}&pageSize=50`),
  });
