import { OrderHistory } from '@/components/ui/order-history';
import { useWithdrawals } from '../api/get-withdrawals';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

/** SPEC.md §3 columns (amounts in THB credit); REJECTED and CANCELED share a label (§4). */
export function WithdrawHistory({ page, pageSize }: { page: number; pageSize: number }) {
  return (
    <OrderHistory
      ns="withdraw"
      testId="withdraw-history"
      rowTestId="withdraw-row"
      list={useWithdrawals(page, pageSize)}
      page={page}
      pageSize={pageSize}
      amount={(w) => ({ value: w.amount, currency: 'THB' })}
      status={(w) => <WithdrawalStatusBadge status={w.status} />}
    />
  );
}
