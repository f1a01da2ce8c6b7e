import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BANK_REFERENCE_MAX, REJECT_REASON_MAX, type QueueWithdrawal } from '@app/contracts';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { useDecideWithdrawal } from '@/backoffice/features/withdrawals/api/decide-withdrawal';
import { rejectReasonsQueryOptions } from '@/backoffice/lib/reject-reasons';
import { formatMoney } from '@/lib/format';
import { DecisionSignals } from '@/backoffice/components/fraud-signals/decision-signals';
import { DecisionContext } from './decision-context';

/** the contracts' limits of the bank reference and the reason (approve/rejectWithdrawalBodySchema) */
const MAX = { approve: BANK_REFERENCE_MAX, reject: REJECT_REASON_MAX } as const;

/** The agency's preset reasons (one call for the whole queue, kept a minute); the text chosen is what the player reads. */
function usePresets(enabled: boolean) {
  return useQuery({ ...rejectReasonsQueryOptions(), enabled }).data?.reasons ?? [];
}

/**
 * Approve (with the bank's reference of the transfer staff made) or reject (with the reason the player
 * will read in their history, typed or one of the agency's presets), on the shared two-step ActionDialog:
 * the value, then a confirmation that says what will happen; a second press never decides twice. The
 * player's latest orders, credit and kip account are shown above, asked when the dialog opens.
 */
export function DecideDialog({ w, action }: { w: QueueWithdrawal; action: 'approve' | 'reject' }) {
  const { t } = useTranslation('money');
  const decide = useDecideWithdrawal(w.id);
  const presets = usePresets(action === 'reject');
  const amount = formatMoney(w.amountReceived, 'LAK');
  return (
    <ActionDialog
      label={t(`decide.${action}`)}
      variant={action === 'approve' ? 'primary' : 'danger'}
      testId={`decide-${action}`}
      title={t(`decide.${action}_title`, { code: w.transactionCode })}
      description={t(`decide.${action}_hint`, { amount })}
      input={{ label: t(`decide.${action}_field`), maxLength: MAX[action], required: t(`decide.${action}_required`) }}
      choices={action === 'reject' ? { label: t('decide.presets'), values: presets } : undefined}
      aside={
        <>
          <DecisionSignals w={w} canDecide />
          <DecisionContext w={w} />
        </>
      }
      confirmText={(value) => t(`decide.${action}_confirm`, { code: w.transactionCode, amount, player: w.playerUsername, value })}
      confirmLabel={t(`decide.${action}_do`)}
      mutation={decide}
      run={(value) => decide.mutateAsync(action === 'approve' ? { action, bankReference: value } : { action, reason: value })}
      className="max-w-xl"
    />
  );
}
