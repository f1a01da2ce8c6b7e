import { useTranslation } from 'react-i18next';
import type { BackofficePromotion } from '@app/contracts';
import { useDeactivatePromotion } from './api';
import { ConfirmDialog } from './confirm-dialog';

/** Deactivate, confirmed first: no new takers at once, taken (ACTIVE) usages end, those in use run their course. */
export function DeactivateDialog({ promotion }: { promotion: BackofficePromotion }) {
  const { t } = useTranslation('promotions');
  const deactivate = useDeactivatePromotion(promotion.id);
  return (
    <ConfirmDialog
      mutation={deactivate}
      variables={undefined}
      open={t('deactivate.open')}
      confirm={t('deactivate.confirm')}
      title={t('deactivate.title', { code: promotion.code })}
      description={t('deactivate.explain')}
      testId="deactivate-promotion"
    />
  );
}
