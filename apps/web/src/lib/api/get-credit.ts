import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditResponse, ProviderId } from '@app/contracts';
import { api } from '@/lib/api-client';

export const creditQueryKey = (provider: ProviderId) => ['credits', provider] as const;

export const getCredit = (provider: ProviderId) => api<CreditResponse>(`/v2/players/credits/${provider}`);

/** SPEC.md §7: a credit is always refetched, never fresh. */
export const creditQueryOptions = (provider: ProviderId) =>
  queryOptions({
    queryKey: creditQueryKey(provider),
    queryFn: () => getCredit(provider),
    staleTime: 0,
  });

export const useCredit = (provider: ProviderId) => useQuery(creditQueryOptions(provider));
