import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { AddBankAccountBody, BankAccount } from '@app/contracts';
import { api } from '@/lib/api-client';
import { bankAccountsQueryKey } from '@/lib/api/get-bank-accounts';

type Answer = { bankAccount: BankAccount };

export const addBankAccount = (body: AddBankAccountBody) =>
  api<Answer>('/v2/players/bank-accounts', { method: 'POST', body: JSON.stringify(body) });

/**
 * Adds the account and shows it at once; the caller adds what else shows it (the player info)
 * through `onSuccess`, since features do not know each other's keys.
 */
export function useAddBankAccount(config: Pick<UseMutationOptions<Answer, Error, AddBankAccountBody>, 'onSuccess' | 'onError'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: addBankAccount,
    onSuccess: async (data, ...rest) => {
      queryClient.setQueryData(bankAccountsQueryKey, { bankAccounts: [data.bankAccount] });
      await config.onSuccess?.(data, ...rest);
    },
  });
}
