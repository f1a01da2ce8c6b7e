import { useTranslation } from 'react-i18next';
import { FRAUD_SIGNAL_REASON_MAX, type FraudSignal } from '@app/contracts';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { useDecideSignal } from '@/backoffice/lib/fraud-signals';

/**
 * The two decisions of an open signal, each with a reason then a confirmation: dismiss or confirm;
 * for a bonus ring, allow (its promotions open again) or keep blocked, for the whole ring.
 */
export function SignalDecision({ signal }: { signal: FraudSignal }) {
  const { t } = useTranslation('signals');
  const decide = useDecideSignal(signal.id);
  const ring = signal.kind === 'bonus_ring';
  const other = signal.other.username;
  return (
    <div className="flex flex-wrap gap-2">
      {(['dismissed', 'confirmed'] as const).map((outcome) => {
        const action = ring ? (outcome === 'dismissed' ? 'allow' : 'keep') : outcome === 'dismissed' ? 'dismiss' : 'confirm';
        return (
          <ActionDialog
            key={outcome}
            label={t(`actions.${action}`)}
            variant={outcome === 'dismissed' ? 'outline' : 'danger'}
            testId={`signal-${action}`}
            title={t(`actions.${action}_title`, { other })}
            description={t(`kinds.${signal.kind}`)}
            input={{ label: t('actions.reason'), maxLength: FRAUD_SIGNAL_REASON_MAX, required: t('actions.reason_required') }}
            confirmText={(reason) => t(`actions.${action}_confirm`, { other, reason })}
            confirmLabel={t(`actions.${action}`)}
            mutation={decide}
            run={(reason) => decide.mutateAsync({ outcome, reason })}
          />
        );
      })}
    </div>
  );
}
