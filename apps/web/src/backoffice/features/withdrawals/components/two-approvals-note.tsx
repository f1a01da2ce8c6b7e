import { useTranslation } from 'react-i18next';
import type { QueueWithdrawal } from '@app/contracts';
import { formatDateTime } from '@/lib/format';

/**
 * A withdrawal over the agency's amount (decision 163): it needs two different staff users. Says
 * whether the first approval is made, by whom, and the bank reference the second must confirm.
 */
export function TwoApprovalsNote({ w }: { w: QueueWithdrawal }) {
  const { t } = useTranslation('money');
  if (!w.twoApprovals) return null;
  const first = w.firstApproval;
  return (
    <p
      className="rounded-lg border border-sky-500/60 bg-sky-500/10 p-2 text-sm text-sky-100"
      data-testid="two-approvals"
      data-state={first ? 'second' : 'first'}
    >
      {first
        ? t('two_approvals.second', { who: first.staffUsername, when: formatDateTime(first.at), reference: w.bankReference ?? '' })
        : t('two_approvals.first')}
    </p>
  );
}
