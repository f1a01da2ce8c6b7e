import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrenciesResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

export const getCurrencies = () => api<CurrenciesResponse>('/v2/currencies');

/** Enabled currencies, one per distinct mid or currency (SPEC.md §5); the rates for conversions. */
export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: ['currencies'] as const, queryFn: getCurrencies, select: (d) => d.currencies });

export const useCurrencies = () => useQuery(currenciesQueryOptions());
