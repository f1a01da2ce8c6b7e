import type { ComponentProps } from 'react';
import { useOnDemand } from '@/lib/use-on-demand';
import { promotionInUseChunk } from '../lib/promotion-in-use-chunk';

type Props = ComponentProps<typeof import('./promotion-in-use').PromotionInUse>;

/**
 * The promotion in use's card from its chunk (docs/decisions/194): at once when the chunk is in (the page's
 * loader awaited it, the player holding one), else once it arrives (a deposit just paid, the promotion
 * taken in another tab). The deposit and withdraw pages draw it so.
 */
export function LatePromotionInUse(props: Props) {
  const chunk = useOnDemand(promotionInUseChunk);
  return chunk ? <chunk.PromotionInUse {...props} /> : null;
}
