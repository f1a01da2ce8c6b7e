import { useTranslation } from 'react-i18next';
import type { QueueWithdrawal } from '@app/contracts';
import { FraudSignals } from './fraud-signals';

/** In a withdrawal's decision dialog: the player's signals not dismissed, the others named; nothing when there are none. */
export function DecisionSignals({ w, canDecide }: { w: QueueWithdrawal; canDecide: boolean }) {
  const { t } = useTranslation('signals');
  if (w.signals.count === 0) return null;
  return (
    <div
      className="mb-3 flex max-h-64 flex-col gap-2 overflow-y-auto rounded-lg border border-amber-500/60 bg-amber-500/10 p-3"
      data-testid="decision-signals"
    >
      <h3 className="text-sm font-semibold text-amber-200">⚠ {t('heading')}</h3>
      <FraudSignals playerId={w.playerId} canDecide={canDecide} />
    </div>
  );
}
