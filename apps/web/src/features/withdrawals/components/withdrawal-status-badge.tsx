import { useTranslation } from 'react-i18next';
import type { WithdrawalStatus } from '@app/contracts';
import { Badge, orderStatusLabelKey, orderStatusTone } from '@/components/ui/badge';

/** SPEC.md §4 colours and labels (REJECTED reads as CANCELED); PENDING is grey, "processing". */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation(['common', 'withdraw']);
  const label = status === 'PENDING' ? t('withdraw:status.PENDING') : t(`common:${orderStatusLabelKey(status)}`);
  return (
    <Badge tone={orderStatusTone(status)} className="whitespace-nowrap">
      <span data-testid="withdrawal-status" data-status={status}>
        {label}
      </span>
    </Badge>
  );
}
