import type { BackofficePromotion } from '@app/contracts';
import type { BadgeTone } from '@/components/ui/badge';

export type PromotionState = 'live' | 'scheduled' | 'ended' | 'inactive';

/** Where a promotion stands for players now: deactivated, not started, past its end, or open to take. */
export function promotionState(p: Pick<BackofficePromotion, 'isActive' | 'startsAt' | 'endsAt'>, now = Date.now()): PromotionState {
  if (!p.isActive) return 'inactive';
  if (Date.parse(p.startsAt) > now) return 'scheduled';
  if (p.endsAt !== null && Date.parse(p.endsAt) <= now) return 'ended';
  return 'live';
}

export const STATE_TONE: Record<PromotionState, BadgeTone> = { live: 'green', scheduled: 'blue', ended: 'grey', inactive: 'red' };
