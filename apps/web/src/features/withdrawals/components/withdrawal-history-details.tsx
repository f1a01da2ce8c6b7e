import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/contracts';
import { OrderDetailsList } from '@/components/ui/order-details-list';
import { withdrawalFacts } from './withdrawal-facts';

/**
 * What is behind a withdrawal's history row: the kip received, the bank and account it went to, the
 * credit's split, the bank's reference once paid. Loaded when first opened; the reason of a rejection is already under its status.
 */
export default function WithdrawalHistoryDetails({ row }: { row: Withdrawal }) {
  const { t } = useTranslation(['withdraw', 'common', 'wallet']);
  return <OrderDetailsList details={withdrawalFacts({ ...row, rejectReason: null }, t)} />;
}
