import type { Db, Tx } from '../../db/client.js';

/** What the deposit rules of SPEC.md §5 need to know about a promotion the player is using. */
export interface PromotionInUse {
  usageId: string;
  /** the promotion's set deposit amount (whole kip), when it has one */
  depositAmountLak: bigint | null;
}

/**
 * The player's promotion in use (DESIGN.md §8: status USED), or null. Promotions do not exist yet,
 * so this answers "none"; the promotions issue replaces this one function and the deposit rules
 * (deposits.rules.ts) start to apply: amount equal to the set amount, credit below the threshold.
 */
export async function promotionInUse(
  db: Db | Tx,
  who: { agencyId: string; playerId: string; providerId: string },
): Promise<PromotionInUse | null> {
  void db;
  void who;
  return null;
}
