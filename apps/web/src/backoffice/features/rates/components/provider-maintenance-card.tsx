import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CREDIT_PROVIDERS, type ProviderId, type ProviderMaintenance } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { formatDateTime } from '@/lib/format';
import { maintenanceQueryOptions, useSwitchMaintenance } from '@/backoffice/features/rates/api/provider-maintenance';

/** One provider: open, with an optional end time and "switch off"; or in maintenance (until when) with "switch back on". */
function ProviderRow({ provider, maintenance }: { provider: ProviderId; maintenance: ProviderMaintenance | undefined }) {
  const { t } = useTranslation('rates');
  const switcher = useSwitchMaintenance();
  // datetime-local, the staff member's own clock; empty: until switched back on
  const [until, setUntil] = useState('');
  const name = t(`common:providers.${provider}`);
  return (
    <li className="flex flex-col gap-2 border-b border-slate-800 pb-3 last:border-0" data-testid="maintenance-row" data-provider={provider}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{name}</span>
        <span className={maintenance ? 'text-sm text-amber-200' : 'text-sm text-emerald-300'} data-testid="maintenance-state">
          {maintenance
            ? maintenance.until
              ? t('maintenance.off_until', { at: formatDateTime(maintenance.until) })
              : t('maintenance.off')
            : t('maintenance.open')}
        </span>
      </div>
      {maintenance ? (
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          loading={switcher.isPending}
          onClick={() => switcher.mutate({ provider })}
        >
          {t('maintenance.switch_on')}
        </Button>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-col gap-1 text-sm text-slate-300">
            {t('maintenance.until')}
            <Input
              type="datetime-local"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              aria-label={`${t('maintenance.until')} ${name}`}
            />
          </label>
          <Button
            size="sm"
            variant="danger"
            loading={switcher.isPending}
            onClick={() =>
              switcher.mutate({ provider, until: until ? new Date(until).toISOString() : null }, { onSuccess: () => setUntil('') })
            }
          >
            {t('maintenance.switch_off')}
          </Button>
        </div>
      )}
      <CallError error={switcher.error} reason />
    </li>
  );
}

/**
 * The agency's game providers switched off for maintenance (finance, owner; decision 175): while one is
 * off, players cannot deposit to it nor open its games; withdrawals and credit stay.
 */
export function ProviderMaintenanceCard() {
  const { t } = useTranslation('rates');
  const list = useQuery(maintenanceQueryOptions());
  return (
    <Card className="flex min-w-0 flex-col gap-3" data-testid="provider-maintenance">
      <CardTitle className="text-base">{t('maintenance.heading')}</CardTitle>
      <p className="text-sm text-slate-400">{t('maintenance.explain')}</p>
      {list.isPending ? (
        <Spinner className="mx-auto h-5 w-5" />
      ) : list.isError ? (
        <p role="alert" className="text-red-300">
          {t(staffErrorKey(list.error))}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {CREDIT_PROVIDERS.map((p) => (
            <ProviderRow key={p} provider={p} maintenance={list.data.maintenance.find((m) => m.provider === p)} />
          ))}
        </ul>
      )}
    </Card>
  );
}
