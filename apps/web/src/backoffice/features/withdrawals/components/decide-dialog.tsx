import { useTranslation } from 'react-i18next';
import { BANK_REFERENCE_MAX, REJECT_REASON_MAX, type QueueWithdrawal } from '@app/contracts';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { useDecideWithdrawal } from '@/backoffice/features/withdrawals/api/decide-withdrawal';
import { formatMoney } from '@/lib/format';
import { DecisionSignals } from '@/backoffice/components/fraud-signals/decision-signals';

/** the contracts' limits of the bank reference and the reason (approve/rejectWithdrawalBodySchema) */
const MAX = { approve: BANK_REFERENCE_MAX, reject: REJECT_REASON_MAX } as const;

/**
 * Approve (with the bank's reference of the transfer staff made) or reject (with the reason the player
 * will read in their history), on the shared two-step ActionDialog: the value, then a confirmation
 * that says what will happen; a second press never decides twice.
 */
export function DecideDialog({ w, action }: { w: QueueWithdrawal; action: 'approve' | 'reject' }) {
  const { t } = useTranslation('money');
  const decide = useDecideWithdrawal(w.id);
  const amount = formatMoney(w.amountReceived, 'LAK');
  return (
    <ActionDialog
      label={t(`decide.${action}`)}
      variant={action === 'approve' ? 'primary' : 'danger'}
      testId={`decide-${action}`}
      title={t(`decide.${action}_title`, { code: w.transactionCode })}
      description={t(`decide.${action}_hint`, { amount })}
      input={{ label: t(`decide.${action}_field`), maxLength: MAX[action], required: t(`decide.${action}_required`) }}
      confirmText={(value) => t(`decide.${action}_confirm`, { code: w.transactionCode, amount, player: w.playerUsername, value })}
      confirmLabel={t(`decide.${action}_do`)}
      mutation={decide}
      aside={<DecisionSignals w={w} canDecide />}
      run={(value) => decide.mutateAsync(action === 'approve' ? { action, bankReference: value } : { action, reason: value })}
    />
  );
}
