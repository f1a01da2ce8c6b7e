import { useTranslation } from 'react-i18next';
import type { QueueWithdrawal } from '@app/contracts';
import { ActionDialog } from '../components/action-dialog';
import { useDecideWithdrawal } from './api';
import { formatKip } from '../lib/format';

const MAX = { approve: 128, reject: 500 } as const;

/**
 * Approve (with the bank's reference of the transfer staff made) or reject (with the reason the player
 * will read in their history), on the shared two-step ActionDialog: the value, then a confirmation
 * that says what will happen; a second press never decides twice.
 */
export function DecideDialog({ w, action }: { w: QueueWithdrawal; action: 'approve' | 'reject' }) {
  const { t, i18n } = useTranslation('money');
  const decide = useDecideWithdrawal(w.id);
  const amount = formatKip(w.amountReceived, i18n.language);
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
      run={(value) => decide.mutateAsync(action === 'approve' ? { action, bankReference: value } : { action, reason: value })}
    />
  );
}
