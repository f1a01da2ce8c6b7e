import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANK_CODES, type BankCode, type ProviderId, type ReconciliationItem } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { reconciliationKeys } from './keys';

/** What staff can do with a difference (decision 139); each call the server makes safe to repeat. */
export type DifferenceAction = { action: 'confirm' } | { action: 'resolve'; note: string };

export const differenceAction = (id: string, a: DifferenceAction) =>
  staffPost<{ item: ReconciliationItem | null }>(
    `/v2/backoffice/reconciliation/differences/${id}/${a.action}`,
    a.action === 'resolve' ? { note: a.note } : undefined,
  );

/** The lists, the deposits needing attention (a payment kept for refund lands there) and the dashboard read again after each. */
function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: reconciliationKeys.all });
    void client.invalidateQueries({ queryKey: ['backoffice', 'attention'] });
    void client.invalidateQueries({ queryKey: ['backoffice', 'dashboard'] });
  };
}

export function useDifferenceAction(id: string) {
  const onSettled = useInvalidate();
  return useMutation({ mutationFn: (a: DifferenceAction) => differenceAction(id, a), onSettled });
}

const isBank = (code: string): code is BankCode => (BANK_CODES as readonly string[]).includes(code);

/** The bank's or the provider's day so far compared now (in the background). */
export function useRunReconciliation() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: (counterpart: BankCode | ProviderId) =>
      staffPost<{ queued: true; day: string }>(
        '/v2/backoffice/reconciliation/run',
        isBank(counterpart) ? { bank: counterpart } : { provider: counterpart },
      ),
    onSettled,
  });
}
