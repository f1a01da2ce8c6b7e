import { useTranslation } from 'react-i18next';
import type { BackofficePromotion } from '@app/contracts';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { useDeactivatePromotion } from '@/backoffice/features/promotions/api/deactivate-promotion';

/** Deactivate, confirmed first: no new takers at once, taken (ACTIVE) usages end, those in use run their course. */
export function DeactivateDialog({ promotion }: { promotion: BackofficePromotion }) {
  const { t } = useTranslation('promotions');
  const deactivate = useDeactivatePromotion(promotion.id);
  return (
    <ActionDialog
      label={t('deactivate.open')}
      variant="danger"
      testId="deactivate-promotion"
      title={t('deactivate.title', { code: promotion.code })}
      confirmText={() => t('deactivate.explain')}
      confirmLabel={t('deactivate.confirm')}
      mutation={deactivate}
      run={() => deactivate.mutateAsync()}
    />
  );
}
