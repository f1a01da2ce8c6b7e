import type { QueryClient } from '@tanstack/react-query';
import type { PromotionUsingResponse } from '@app/contracts';
import { promotionUsingQueryOptions } from '@/lib/api/get-promotion-using';

type Chunk = typeof import('../components/promotion-in-use');

let loaded: Chunk | undefined;

/**
 * The promotion in use's card (its rules, progress, recheck and cancel button, with their calls): a chunk
 * the deposit page asks for only when the player holds a promotion in use (USED); most players hold none,
 * and their page does not download it (docs/decisions/194).
 */
export function loadPromotionInUse(): Promise<Chunk> {
  return import('../components/promotion-in-use').then((chunk) => (loaded = chunk));
}

/** The chunk once it is in, else undefined: a page that awaited it draws the card in its first render. */
export const promotionInUseLoaded = (): Chunk | undefined => loaded;

/** Whether the deposit page's notice shows the promotion in use's card (PromotionDepositNotice). */
export const showsPromotionInUse = (using: PromotionUsingResponse | undefined): boolean =>
  Boolean(using?.usage && using.promotion && using.usage.status === 'USED');

/**
 * For the deposit page's loader, once its reads are in: the card's chunk when the promotion read says the
 * player holds one in use, so that the first render draws it. A chunk that fails does not hold the page:
 * the notice asks for it again (or lib/chunk-reload.ts reloads).
 */
export async function loadPromotionInUseIfHeld(queryClient: QueryClient): Promise<void> {
  if (!showsPromotionInUse(queryClient.getQueryData(promotionUsingQueryOptions().queryKey))) return;
  await loadPromotionInUse().catch(() => undefined);
}
