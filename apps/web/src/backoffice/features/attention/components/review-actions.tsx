import { useTranslation } from 'react-i18next';
import type { AttentionItem } from '@app/contracts';
import { formatMoney } from '@/lib/format';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { useAttentionAction } from '@/backoffice/features/attention/api/attention-action';

/** the bank reference a refund is recorded with: the contracts' limit */
const REFERENCE_MAX = 128;

/**
 * A paid deposit held for review (decision 162): approve sends its credit to the provider (once,
 * however often pressed); reject records the refund of the kip to the payer with the bank's reference.
 */
export function ReviewActions({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('attention');
  const act = useAttentionAction(item.id);
  const amount = item.amountLak ? formatMoney(item.amountLak, 'LAK') : '';
  const credit = item.creditThb ? formatMoney(item.creditThb, 'THB') : '';
  const player = item.playerUsername ?? '';
  return (
    <>
      <ActionDialog
        label={t('review.approve.button')}
        testId="attention-review-approve"
        title={t('review.approve.title', { code: item.transactionCode ?? '' })}
        confirmText={() => t('review.approve.confirm', { amount, credit, player })}
        confirmLabel={t('review.approve.do')}
        mutation={act}
        run={() => act.mutateAsync({ action: 'review-approve' })}
      />
      <ActionDialog
        label={t('review.reject.button')}
        variant="danger"
        testId="attention-review-reject"
        title={t('review.reject.title', { amount })}
        description={t('review.reject.hint', { amount })}
        input={{ label: t('refund.field'), maxLength: REFERENCE_MAX, required: t('refund.required') }}
        confirmText={(reference) => t('review.reject.confirm', { amount, reference, player })}
        confirmLabel={t('review.reject.do')}
        mutation={act}
        run={(reference) => act.mutateAsync({ action: 'review-reject', bankReference: reference })}
      />
    </>
  );
}
