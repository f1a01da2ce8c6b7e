import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { showsPromotionInUse } from '../lib/promotion-in-use-chunk';
import { LatePromotionInUse } from './promotion-in-use-late';

/**
 * Over the withdraw form: the promotion in use with its rules and its progress toward a withdrawal. Its
 * card is a chunk of its own, which the page's loader awaits when the player holds one
 * (routes/player/withdraw/index.tsx): the page's own code stays free of it.
 */
export function PromotionWithdrawNotice() {
  const using = usePromotionUsing();
  const usage = using.data?.usage;
  const promotion = using.data?.promotion;
  if (!usage || !promotion || !showsPromotionInUse(using.data)) return null;
  return <LatePromotionInUse usage={usage} promotion={promotion} showRules />;
}
