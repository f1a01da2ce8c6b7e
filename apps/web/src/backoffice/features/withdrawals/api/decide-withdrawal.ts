import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackofficeWithdrawal } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { withdrawalKeys } from './keys';

export type Decision = { action: 'approve'; bankReference: string } | { action: 'reject'; reason: string };

export const decideWithdrawal = (id: string, d: Decision) =>
  staffPost<{ withdrawal: BackofficeWithdrawal }>(
    `/v2/backoffice/withdrawals/${id}/${d.action}`,
    d.action === 'approve' ? { bankReference: d.bankReference } : { reason: d.reason },
  );

/**
 * Approve with the bank's reference or reject with a reason. The server answers a repeat of the same
 * decision as the first (decision 054), so a second press or a retry never moves money twice.
 */
export function useDecideWithdrawal(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => decideWithdrawal(id, d),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: withdrawalKeys.open });
      void client.invalidateQueries({ queryKey: withdrawalKeys.one(id) });
      // the dashboard's figures move with each decision
      void client.invalidateQueries({ queryKey: ['backoffice', 'dashboard'] });
    },
  });
}
