import { lazy } from 'react';
import { OrderStatusBadge } from '@/components/ui/badge';
import { OrderHistory } from '@/components/ui/order-history';
import { useDeposits } from '../api/get-deposits';

const DepositOrderDetails = lazy(() => import('./deposit-order-details'));

/** SPEC.md §3 columns: transaction code, date/time, game provider, amount, status (§4 colours and labels); details behind each row. */
export function DepositHistory({ page, pageSize }: { page: number; pageSize: number }) {
  return (
    <OrderHistory
      ns="deposit"
      to="/player/deposit/history"
      start="/player/deposit"
      testId="deposit-history"
      rowTestId="deposit-row"
      list={useDeposits(page, pageSize)}
      page={page}
      pageSize={pageSize}
      view={{
        amount: (o) => ({ value: o.amount, currency: o.currency }),
        status: (o) => <OrderStatusBadge status={o.status} />,
        Details: DepositOrderDetails,
      }}
    />
  );
}
