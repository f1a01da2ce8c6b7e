import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderHistory } from '@/components/ui/order-history';
import { useWithdrawals } from '../api/get-withdrawals';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

const WithdrawalHistoryDetails = lazy(() => import('./withdrawal-history-details'));

/** SPEC.md §3 columns (amounts in THB credit); REJECTED and CANCELED share a label (§4), a rejection shows its reason; details behind each row. */
export function WithdrawHistory({ page, pageSize }: { page: number; pageSize: number }) {
  const { t } = useTranslation('withdraw');
  return (
    <OrderHistory
      ns="withdraw"
      to="/player/withdraw/history"
      start="/player/withdraw"
      testId="withdraw-history"
      rowTestId="withdraw-row"
      list={useWithdrawals(page, pageSize)}
      page={page}
      pageSize={pageSize}
      view={{
        amount: (w) => ({ value: w.amount, currency: 'THB' }),
        status: (w) => <WithdrawalStatusBadge status={w.status} />,
        note: (w) =>
          w.rejectReason ? (
            <span className="mt-1 block text-xs text-red-300" data-testid="reject-reason">
              {t('details.reject_reason')}: {w.rejectReason}
            </span>
          ) : null,
        Details: WithdrawalHistoryDetails,
      }}
    />
  );
}
