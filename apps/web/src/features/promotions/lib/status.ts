import type { PromotionUsageStatus } from '@app/contracts';
import { orderStatusTone, type BadgeTone } from '@/components/ui/badge';

/**
 * SPEC.md §4's colours, read for usages as for orders: in use (USED) yellow like a paid order, SUCCESS
 * green, CANCELED red, taken (ACTIVE, "waiting" like OPEN) and INACTIVE grey (docs/decisions/048).
 */
export function usageStatusTone(status: PromotionUsageStatus): BadgeTone {
  return status === 'USED' ? 'yellow' : orderStatusTone(status);
}

/** A share of a requirement as a whole percent for a progress bar, 0–100. */
export function progressPercent(done: bigint, required: bigint): number {
  if (required <= 0n) return 100;
  if (done <= 0n) return 0;
  const pct = (done * 100n) / required;
  return pct >= 100n ? 100 : Number(pct);
}
