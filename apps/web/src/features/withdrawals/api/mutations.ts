import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWithdrawalBody, WithdrawalResponse } from '@app/contracts';
import { post } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export const createWithdrawal = (body: CreateWithdrawalBody, key: string) =>
  post<WithdrawalResponse>('/v2/withdrawals', body, { headers: { 'idempotency-key': key } });
export const cancelWithdrawal = (id: string) => post<WithdrawalResponse>(`/v2/withdrawals/${id}/cancel`);

function useWithdrawalMutation<V>(fn: (vars: V) => Promise<WithdrawalResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ withdrawal }) => {
      const inProgress = withdrawal.status === 'PENDING' || withdrawal.status === 'OPEN';
      queryClient.setQueryData(withdrawalKeys.open, { items: inProgress ? [withdrawal] : [] });
      void queryClient.invalidateQueries({ queryKey: [...withdrawalKeys.all, 'list'] });
      // the credit moved at the provider: every credit shown is stale now
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
    },
  });
}

export const useCreateWithdrawal = () =>
  useWithdrawalMutation((v: { body: CreateWithdrawalBody; key: string }) => createWithdrawal(v.body, v.key));
export const useCancelWithdrawal = () => useWithdrawalMutation(cancelWithdrawal);
