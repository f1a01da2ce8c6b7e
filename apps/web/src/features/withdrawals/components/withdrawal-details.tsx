import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/contracts';
import { Card, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { withdrawalFacts } from './withdrawal-facts';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

/** SPEC.md §3's display fields of a withdrawal, with its code, state and provider. */
export function WithdrawalDetails({ withdrawal: w, actions }: { withdrawal: Withdrawal; actions?: ReactNode }) {
  const { t } = useTranslation(['withdraw', 'common', 'wallet']);
  const rows: [string, ReactNode][] = [
    [t('details.code'), <span className="font-mono">{w.transactionCode}</span>],
    [t('details.date'), formatDateTime(w.createdAt)],
    [t('details.provider'), t(`wallet:providers.${w.providerId}`)],
    ...withdrawalFacts(w, t),
  ];
  return (
    <Card data-testid="withdrawal-details" data-status={w.status}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <CardTitle className="mb-0">{t(`details.title_${w.status}`)}</CardTitle>
        <WithdrawalStatusBadge status={w.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-400">{label}</dt>
            <dd className="text-right font-medium wrap-anywhere text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {actions ? <div className="mt-5 flex flex-wrap gap-2">{actions}</div> : null}
    </Card>
  );
}
