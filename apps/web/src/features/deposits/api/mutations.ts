import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDepositBody, DepositOrder, DepositResponse } from '@app/contracts';
import { post } from '@/lib/api-client';
import { depositKeys } from './keys';

/** A fresh key per attempt: a retried request (double tap, flaky network) opens one order only. */
const idempotent = (key: string): RequestInit => ({ headers: { 'idempotency-key': key } });

export const createDeposit = (body: CreateDepositBody, key: string) => post<DepositResponse>('/v2/deposits', body, idempotent(key));
export const checkDeposit = (id: string) => post<DepositResponse>(`/v2/deposits/${id}/check`);
export const cancelDeposit = (id: string) => post<DepositResponse>(`/v2/deposits/${id}/cancel`);

function useOrderMutation<V>(fn: (vars: V) => Promise<DepositResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ order }: { order: DepositOrder }) => {
      queryClient.setQueryData(depositKeys.one(order.id), { order });
      queryClient.setQueryData(depositKeys.open, { order: order.status === 'OPEN' ? order : null });
      void queryClient.invalidateQueries({ queryKey: [...depositKeys.all, 'list'] });
    },
  });
}

export const useCreateDeposit = () => useOrderMutation((v: { body: CreateDepositBody; key: string }) => createDeposit(v.body, v.key));
export const useCheckDeposit = () => useOrderMutation(checkDeposit);
export const useCancelDeposit = () => useOrderMutation(cancelDeposit);
