import { useTranslation } from 'react-i18next';
import type { ProviderMaintenance } from '@app/contracts';
import { formatDateTime } from '@/lib/format';

/**
 * Said where the player chooses a provider in maintenance (deposit form, game page): its name, the
 * refusal's own text (no deposit, no game there for now) and when it is back, if staff said so.
 */
export function ProviderMaintenanceNotice({ maintenance }: { maintenance: ProviderMaintenance }) {
  const { t } = useTranslation(['wallet', 'errors']);
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
      data-testid="provider-maintenance"
    >
      <strong>{t(`providers.${maintenance.provider}`)}</strong> · {t('errors:PROVIDER_MAINTENANCE')}
      {maintenance.until && <> · {t('maintenance_until', { at: formatDateTime(maintenance.until) })}</>}
    </p>
  );
}
