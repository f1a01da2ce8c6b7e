import { queryOptions } from '@tanstack/react-query';
import type { WithdrawalPlayerResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { withdrawalKeys } from './keys';

export const getWithdrawalPlayer = (id: string) => staffApi<WithdrawalPlayerResponse>(`/v2/backoffice/withdrawals/${id}/player`);

/** The player behind a withdrawal (latest orders, live credit, kip account): asked when the decision dialog opens. */
export const withdrawalPlayerQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...withdrawalKeys.one(id), 'player'], queryFn: () => getWithdrawalPlayer(id), staleTime: 15_000 });
