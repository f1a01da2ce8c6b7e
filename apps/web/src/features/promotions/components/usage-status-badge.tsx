import { useTranslation } from 'react-i18next';
import type { PromotionUsageStatus } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { usageStatusTone } from '../lib/status';

export function UsageStatusBadge({ status }: { status: PromotionUsageStatus }) {
  const { t } = useTranslation('promotion');
  return (
    <Badge tone={usageStatusTone(status)} className="whitespace-nowrap">
      <span data-testid="usage-status" data-status={status}>
        {t(`status.${status}`)}
      </span>
    </Badge>
  );
}
