import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrencyRatesBody, StaffCurrency } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { rateKeys } from './keys';

export const updateRates = (id: string, body: CurrencyRatesBody) =>
  staffApi<{ currency: StaffCurrency }>(`/v2/backoffice/currencies/${id}`, { method: 'PUT', body: JSON.stringify(body) });

/** One currency's buy and sell; its row and history are read again after. */
export function useUpdateRates(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CurrencyRatesBody) => updateRates(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: rateKeys.all }),
  });
}
