import type { PromotionUsingResponse } from '@app/contracts';
import { fromMinor, toMinor } from '@app/contracts/amounts';
import { bonusFor } from '@app/contracts/promotion-split';

/**
 * The bonus a deposit of this credit (THB wire decimal) earns at this provider under the promotion
 * the player took (ACTIVE there), as the server computes it when the deposit is paid (contracts'
 * bonusFor); null without such a promotion, with no bonus, or while the credit is unknown.
 */
export function depositBonus(credit: string | null, providerId: string, using: PromotionUsingResponse | undefined): string | null {
  const usage = using?.usage;
  const bonus = using?.promotion?.rules.bonus;
  if (credit === null || !usage || usage.status !== 'ACTIVE' || usage.providerId !== providerId || !bonus) return null;
  const minor = bonusFor(bonus, toMinor(credit, 'THB'));
  return minor > 0n ? fromMinor(minor, 'THB') : null;
}
