import { useTranslation } from 'react-i18next';
import type { RateRequest } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDecideRates } from '@/backoffice/features/rates/api/decide-rates';

/** A change beyond the bound waiting for a second staff user: who asked, when, and approve / refuse. */
export function PendingChange({ currencyId, pending }: { currencyId: string; pending: RateRequest }) {
  const { t } = useTranslation('rates');
  const decide = useDecideRates(currencyId);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm" data-testid="rate-pending">
      <p className="font-semibold text-amber-100">{t('rates.pending.title')}</p>
      <p className="font-mono">
        {pending.previousBuyRate} / {pending.previousSellRate} → {pending.buyRate} / {pending.sellRate}
      </p>
      <p className="text-slate-300">{t('rates.pending.asked', { name: pending.requestedBy, at: formatDateTime(pending.requestedAt) })}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" loading={decide.isPending && decide.variables === 'approve'} onClick={() => decide.mutate('approve')}>
          {t('rates.pending.approve')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={decide.isPending && decide.variables === 'reject'}
          onClick={() => decide.mutate('reject')}
        >
          {t('rates.pending.reject')}
        </Button>
      </div>
      {decide.isError && (
        <p role="alert" className="text-red-300">
          {t(staffErrorKey(decide.error))}
        </p>
      )}
    </div>
  );
}
