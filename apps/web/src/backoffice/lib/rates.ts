import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrencyRatesBody, StaffCurrency, rateHistoryResponseSchema } from '@app/contracts';
import { staffApi } from './api';

const RATES = ['backoffice', 'currencies'] as const;

export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: RATES, queryFn: () => staffApi<{ currencies: StaffCurrency[] }>('/v2/backoffice/currencies') });

export const rateHistoryQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...RATES, id, 'history'],
    queryFn: ({ pageParam }) =>
      staffApi<z.infer<typeof rateHistoryResponseSchema>>(
        `/v2/backoffice/currencies/${id}/history?limit=10${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** One currency's buy and sell; its row and history are read again after. */
export function useUpdateRates(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CurrencyRatesBody) =>
      staffApi<{ currency: StaffCurrency }>(`/v2/backoffice/currencies/${id}`, { method: 'PUT', body: JSON.stringify(body) }),
    onSuccess: () => client.invalidateQueries({ queryKey: RATES }),
  });
}
