import type { QueryClient } from '@tanstack/react-query';
import type { PromotionUsingResponse } from '@app/contracts';
import { promotionUsingQueryOptions } from '@/lib/api/get-promotion-using';
import { onDemand } from '@/lib/on-demand';

/**
 * The promotion in use's card (its rules, progress, recheck and cancel button, with their calls): a chunk
 * the deposit and withdraw pages ask for only when the player holds a promotion in use (USED); most
 * players hold none, and their pages do not download it (docs/decisions/194).
 */
export const promotionInUseChunk = onDemand(() => import('../components/promotion-in-use'));

/** Whether the deposit and withdraw pages' notices show the promotion in use's card. */
export const showsPromotionInUse = (using: PromotionUsingResponse | undefined): boolean =>
  Boolean(using?.usage && using.promotion && using.usage.status === 'USED');

/**
 * For the deposit and withdraw pages' loaders, once their reads are in: the card's chunk when the promotion
 * read says the player holds one in use, so that the first render draws it. A chunk that fails does not
 * hold the page: the notice asks for it again (or lib/chunk-reload.ts reloads).
 */
export async function loadPromotionInUseIfHeld(queryClient: QueryClient): Promise<void> {
  if (!showsPromotionInUse(queryClient.getQueryData(promotionUsingQueryOptions().queryKey))) return;
  await promotionInUseChunk.load().catch(() => undefined);
}
