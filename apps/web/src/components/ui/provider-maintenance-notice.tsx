import { useTranslation } from 'react-i18next';
import type { ProviderMaintenance } from '@app/contracts';
import { formatDateTime } from '@/lib/format';

/** Said where the player chooses a provider in maintenance (deposit form, game page): no deposit, no game there for now. */
export function ProviderMaintenanceNotice({ maintenance }: { maintenance: ProviderMaintenance }) {
  const { t } = useTranslation('wallet');
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
      data-testid="provider-maintenance"
    >
      {t('maintenance.notice', { provider: t(`providers.${maintenance.provider}`) })}
      {maintenance.until && <> {t('maintenance.until', { at: formatDateTime(maintenance.until) })}</>}
    </p>
  );
}
