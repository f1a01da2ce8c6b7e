import { queryOptions } from '@tanstack/react-query';
import type { BankAccountsResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

export const bankAccountsQueryKey = ['bank-accounts'] as const;

export const getBankAccounts = () => api<BankAccountsResponse>('/v2/players/bank-accounts');

export const bankAccountsQueryOptions = () => queryOptions({ queryKey: bankAccountsQueryKey, queryFn: getBankAccounts });
