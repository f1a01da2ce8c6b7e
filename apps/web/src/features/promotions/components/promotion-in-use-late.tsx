import { useEffect, useState, type ComponentProps } from 'react';
import { loadPromotionInUse, promotionInUseLoaded } from '../lib/promotion-in-use-chunk';

type Props = ComponentProps<typeof import('./promotion-in-use').PromotionInUse>;

/**
 * The promotion in use's card from its chunk (docs/decisions/194): at once when the chunk is in (the page's
 * loader awaited it, the player holding one), else once it arrives (a deposit just paid, the promotion
 * taken in another tab). The deposit and withdraw pages draw it so; most players hold none, and their
 * pages do not download it.
 */
export function LatePromotionInUse(props: Props) {
  const [chunk, setChunk] = useState(promotionInUseLoaded);
  useEffect(() => {
    if (chunk) return;
    let live = true;
    // a failed chunk reloads the page once (lib/chunk-reload.ts); the card is not drawn until then
    loadPromotionInUse().then(
      (loaded) => live && setChunk(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [chunk]);
  return chunk ? <chunk.PromotionInUse {...props} /> : null;
}
