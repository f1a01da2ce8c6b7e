import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { Withdrawal } from '@app/contracts';
import { BankLogo } from '@/components/ui/bank-logo';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * What a withdrawal is beyond its code, date and provider: the credit, the kip and where it went, the bank's
 * reference and the time once paid; the same behind its history row as on its own screen.
 */
export function withdrawalFacts(w: Withdrawal, t: TFunction<['withdraw', 'common', 'wallet']>): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    [t('details.withdrawn'), formatMoney(w.amount, 'THB')],
    [t('details.received'), <strong className="text-amber-300">{formatMoney(w.amountReceived, w.receivedCurrency)}</strong>],
    [t('details.rate'), t('details.rate_value', { rate: w.rate })],
    [
      t('details.bank'),
      <span className="inline-flex items-center gap-2">
        <BankLogo bank={w.bank} className="h-5! w-5!" />
        {t(`common:banks.${w.bank}`)}
      </span>,
    ],
    [t('details.account_name'), w.accountName],
    [t('details.account_number'), <span className="font-mono">{w.accountNumber}</span>],
    [t('details.credit_received'), formatMoney(w.creditReceived, 'THB')],
    [t('details.credit_returned'), formatMoney(w.creditReturned, 'THB')],
    [t('details.promo_credit'), formatMoney(w.promoCredit, 'THB')],
    [t('details.total_credit'), formatMoney(w.totalCredit, 'THB')],
  ];
  if (w.bankReference) rows.push([t('details.bank_reference'), <span className="font-mono">{w.bankReference}</span>]);
  if (w.rejectReason) rows.push([t('details.reject_reason'), w.rejectReason]);
  if (w.status === 'SUCCESS') rows.push([t('details.paid_at'), formatDateTime(w.updatedAt)]);
  return rows;
}
