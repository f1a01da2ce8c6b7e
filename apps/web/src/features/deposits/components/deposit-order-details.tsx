import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@app/contracts';
import { BankLogo } from '@/components/ui/bank-logo';
import { OrderDetailsList } from '@/components/ui/order-details-list';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * What is behind a deposit's history row: the kip paid, the credit it bought at its rate, the bank
 * paid from and when. Loaded when first opened, so it is not on the history's first page.
 */
export default function DepositOrderDetails({ row: o }: { row: DepositOrder }) {
  const { t } = useTranslation(['deposit', 'withdraw', 'common']);
  const details: [string, ReactNode][] = [
    [t('history.amount'), formatMoney(o.amount, o.currency)],
    [t('qr.credit'), <strong className="text-amber-300">{formatMoney(o.credit, o.creditCurrency)}</strong>],
    [t('withdraw:details.rate'), t('withdraw:details.rate_value', { rate: o.rate })],
    [
      t('qr.bank'),
      <span className="inline-flex items-center gap-2">
        <BankLogo bank={o.bank} className="h-5! w-5!" />
        {t(`common:banks.${o.bank}`)}
      </span>,
    ],
  ];
  if (o.paidAt) details.push([t('withdraw:details.paid_at'), formatDateTime(o.paidAt)]);
  return <OrderDetailsList details={details} />;
}
