import { queryOptions } from '@tanstack/react-query';
import type { WithdrawalDetailResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { withdrawalKeys } from './keys';

export const getWithdrawal = (id: string) => staffApi<WithdrawalDetailResponse>(`/v2/backoffice/withdrawals/${id}`);

export const withdrawalDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: withdrawalKeys.one(id), queryFn: () => getWithdrawal(id) });
