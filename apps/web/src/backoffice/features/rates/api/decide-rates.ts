import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffCurrency } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { rateKeys } from './keys';

export type RateDecision = 'approve' | 'reject';

export const decideRates = (id: string, step: RateDecision) =>
  staffPost<{ currency: StaffCurrency }>(`/v2/backoffice/currencies/${id}/pending/${step}`);

/** A second staff user applies (or anyone drops) the change waiting beyond the bound; rows and history read again. */
export function useDecideRates(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: RateDecision) => decideRates(id, step),
    onSuccess: () => client.invalidateQueries({ queryKey: rateKeys.all }),
  });
}
