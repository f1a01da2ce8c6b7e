import { useTranslation } from 'react-i18next';
import type { WithdrawalSplit } from '@app/contracts';
import { fromMinor } from '@app/contracts/amounts';
import { formatMoney } from '@/lib/format';

/** Before confirming under a promotion: the credit taken, what is deducted and returned, and what arrives (SPEC.md §3's fields). */
export function SplitPreview({ split }: { split: WithdrawalSplit }) {
  const { t } = useTranslation('withdraw');
  const rows: [string, string, string][] = [
    ['total', t('details.total_credit'), formatMoney(fromMinor(split.totalCredit, 'THB'), 'THB')],
    ['promo', t('details.promo_credit'), `− ${formatMoney(fromMinor(split.promoCredit, 'THB'), 'THB')}`],
    ['returned', t('details.credit_returned'), `− ${formatMoney(fromMinor(split.creditReturned, 'THB'), 'THB')}`],
    ['received', t('details.credit_received'), formatMoney(fromMinor(split.creditReceived, 'THB'), 'THB')],
  ];
  return (
    <div data-testid="withdraw-split">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map(([id, label, value]) => (
          <div key={id} className="contents" data-row={id}>
            <dt className="text-slate-400">{label}</dt>
            <dd className="text-right text-slate-200 tabular-nums" data-testid={`split-${id}`}>
              {value}
            </dd>
          </div>
        ))}
        <dt className="font-semibold text-white">{t('details.received')}</dt>
        <dd className="text-right font-semibold text-amber-300 tabular-nums" data-testid="split-amount">
          {formatMoney(fromMinor(split.amountReceived, 'LAK'), 'LAK')}
        </dd>
      </dl>
    </div>
  );
}
