import { useEffect, useRef } from 'react';
import type { PromotionUsage } from '@app/contracts';
import { newAttemptKey } from '@/lib/attempt-key';
import { useRecheckUsage } from '../api/mutations';

/**
 * The turnover the server holds is the one read at the last recheck: after bets it says 0.00 until
 * the player presses "recheck". A usage in play with a turnover to reach is rechecked once, quietly,
 * when its card opens, so that the card shows today's turnover; the answer refreshes the card.
 */
export function useFreshTurnover(usage: PromotionUsage, enabled: boolean) {
  const recheck = useRecheckUsage();
  const asked = useRef(false);
  const due = enabled && usage.status === 'USED' && usage.turnoverRequired !== null;
  useEffect(() => {
    if (!due || asked.current) return;
    asked.current = true;
    recheck.mutate(newAttemptKey());
  }, [due, recheck]);
  return recheck;
}
