import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttentionItem } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { attentionKeys } from './keys';

/** What staff can do with an item; each call the server makes safe to repeat (decision 059). */
export type AttentionAction =
  | { action: 'retry'; transfers: number }
  | { action: 'refund'; bankReference: string }
  | { action: 'recheck' }
  | { action: 'resolve'; applied: boolean; note: string }
  | { action: 'refund-payment'; bankReference: string }
  | { action: 'review-approve' }
  | { action: 'review-reject'; bankReference: string };

function actionCall(id: string, a: AttentionAction): [string, unknown] {
  switch (a.action) {
    case 'retry':
      // the count of transfers staff saw: a second press (or a colleague's first) finds another count and does nothing
      return [`/v2/backoffice/deposits/${id}/retry-transfer`, { transfers: a.transfers }];
    case 'refund':
      return [`/v2/backoffice/deposits/${id}/refund`, { bankReference: a.bankReference }];
    case 'recheck':
      return [`/v2/backoffice/transfers/${id}/recheck`, undefined];
    case 'resolve':
      return [`/v2/backoffice/transfers/${id}/resolve`, { applied: a.applied, note: a.note }];
    case 'refund-payment':
      return [`/v2/backoffice/unmatched-payments/${id}/refund`, { bankReference: a.bankReference }];
    // a deposit held for review (decision 162)
    case 'review-approve':
      return [`/v2/backoffice/deposits/${id}/review/approve`, undefined];
    case 'review-reject':
      return [`/v2/backoffice/deposits/${id}/review/reject`, { bankReference: a.bankReference }];
  }
}

export const attentionAction = (id: string, a: AttentionAction) => staffPost<{ item: AttentionItem | null }>(...actionCall(id, a));

/** One item's actions; the lists, their counts and the dashboard are read again after each. */
export function useAttentionAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: AttentionAction) => attentionAction(id, a),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: attentionKeys.all });
      void client.invalidateQueries({ queryKey: ['backoffice', 'dashboard'] });
    },
  });
}
