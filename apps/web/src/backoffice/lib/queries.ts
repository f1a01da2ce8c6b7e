import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StaffLoginBody, StaffSessionResponse, backofficeWithdrawalsResponseSchema } from '@app/contracts';
import { staffApi, staffPost } from './api';

export type WithdrawalQueue = z.infer<typeof backofficeWithdrawalsResponseSchema>;

/** The open withdrawals, oldest first: the queue staff decide (DESIGN.md §9). */
export const withdrawalQueueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['backoffice', 'withdrawals', 'OPEN', page],
    queryFn: () => staffApi<WithdrawalQueue>(`/v2/backoffice/withdrawals?status=OPEN&page=${page}&pageSize=50`),
  });

export const useStaffLogin = () =>
  useMutation({ mutationFn: (body: StaffLoginBody) => staffPost<StaffSessionResponse>('/v2/backoffice/login', body) });

export const useStaffLogout = () => useMutation({ mutationFn: () => staffPost<{ ok: true }>('/v2/backoffice/logout') });
