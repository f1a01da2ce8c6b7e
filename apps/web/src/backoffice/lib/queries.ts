import { queryOptions, useMutation } from '@tanstack/react-query';
import type { StaffLoginBody, StaffSessionResponse, WithdrawalQueueResponse } from '@app/contracts';
import { staffApi, staffPost } from './api';

/** The open withdrawals, oldest first: the queue staff decide (DESIGN.md §9). */
export const withdrawalQueueQueryOptions = () =>
  queryOptions({
    queryKey: ['backoffice', 'withdrawals', 'OPEN'],
    queryFn: () => staffApi<WithdrawalQueueResponse>('/v2/backoffice/withdrawals?status=OPEN&limit=50'),
  });

export const useStaffLogin = () =>
  useMutation({ mutationFn: (body: StaffLoginBody) => staffPost<StaffSessionResponse>('/v2/backoffice/login', body) });

export const useStaffLogout = () => useMutation({ mutationFn: () => staffPost<{ ok: true }>('/v2/backoffice/logout') });
