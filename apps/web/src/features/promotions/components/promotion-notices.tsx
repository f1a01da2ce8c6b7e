import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { PromotionInUse } from './promotion-in-use';

/** Beside the withdraw form: the promotion in use with its rules and its progress toward a withdrawal. */
export function PromotionWithdrawNotice() {
  const using = usePromotionUsing();
  const usage = using.data?.usage;
  const promotion = using.data?.promotion;
  if (!usage || !promotion || usage.status !== 'USED') return null;
  return <PromotionInUse usage={usage} promotion={promotion} showRules />;
}
