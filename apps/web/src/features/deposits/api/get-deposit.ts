import { useQuery } from '@tanstack/react-query';
import type { DepositResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { depositKeys } from './keys';

export const getDeposit = (id: string) => api<DepositResponse>(`/v2/deposits/${id}`);

/** While an order waits for its payment or its credit, it is asked again every few seconds: the bank's callback settles it on the server. */
export const DEPOSIT_POLL_MS = 3000;

/** `known`: the order as another answer already gave it (the open order), shown at once and asked again on mount. */
export const useDeposit = (id: string, known?: DepositResponse['order']) =>
  useQuery({
    queryKey: depositKeys.one(id),
    queryFn: () => getDeposit(id),
    initialData: known?.id === id ? { order: known } : undefined,
    select: (d) => d.order,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.order.status;
      return status === 'OPEN' || status === 'PAID' || status === 'REVIEW' ? DEPOSIT_POLL_MS : false;
    },
  });
