import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { promotionUsages, promotions } from '../../db/schema/index.js';
import { createCancelAndRecheck } from './promotions.cancel.js';
import { noSuchPromotion } from './promotions.errors.js';
import { registerPromotionJobs } from './promotions.jobs.js';
import { offerColumns } from './promotions.offers.js';
import { createPromotionMoney } from './promotions.money.js';
import { createPromotionStaff } from './promotions.staff.js';
import type { PromotionsService, PromotionsServiceDependencies } from './promotions.types.js';
import { createUse, heldUsage } from './promotions.use.js';
import { readPage } from '../shared/paging.js';

/**
 * Promotions (DESIGN.md §8, docs/decisions/045-promotions-engine.md): the player's calls, the engine
 * the deposits (the bonus at PAID) and withdrawals (rules, split, SUCCESS at approval) call into, the
 * worker's expiry and deactivation, and staff's changes. Every query is scoped by agency and owner.
 */
export function createPromotionsService(deps: PromotionsServiceDependencies): PromotionsService {
  const { db } = deps;
  const money = createPromotionMoney(deps);
  const { use, isBlocked, blockingReason } = createUse(deps);
  const { cancel, recheck } = createCancelAndRecheck(deps, money);
  const staff = createPromotionStaff(deps);
  registerPromotionJobs(deps);
  // prepared once: the held usage (through the one-held index) and its promotion, read on every visit
  const usingQuery = db
    .select({ usage: promotionUsages, promotion: offerColumns })
    .from(promotionUsages)
    .innerJoin(promotions, and(eq(promotions.id, promotionUsages.promotionId), eq(promotions.agencyId, sql.placeholder('agencyId'))))
    .where(
      and(
        eq(promotionUsages.playerId, sql.placeholder('playerId')),
        eq(promotionUsages.agencyId, sql.placeholder('agencyId')),
        inArray(promotionUsages.status, ['ACTIVE', 'USED']),
      ),
    )
    .prepare('promotion_using');

  return {
    async inUse(holder, tx = db) {
      const usage = await heldUsage(tx, holder.agencyId, holder.playerId);
      if (!usage) return null;
      const [promotion] = await tx.select({ rules: promotions.rules }).from(promotions).where(eq(promotions.id, usage.promotionId));
      return { usageId: usage.id, status: usage.status as 'ACTIVE' | 'USED', providerId: usage.providerId, rules: promotion!.rules };
    },
    claimBonuses: money.claimBonuses,
    returnVoidedBonuses: money.returnVoidedBonuses,
    withdrawalRules: money.withdrawalRules,
    withdrawalApproved: money.withdrawalApproved,

    async get(agencyId, id) {
      const [row] = await db
        .select()
        .from(promotions)
        .where(and(eq(promotions.id, id), eq(promotions.agencyId, agencyId)));
      if (!row) throw noSuchPromotion();
      return row;
    },
    use,
    async using(session) {
      const [row] = await usingQuery.execute({ agencyId: session.agencyId, playerId: session.playerId });
      return row ?? null;
    },
    recheck,
    async history(session, page, pageSize) {
      const where = and(eq(promotionUsages.agencyId, session.agencyId), eq(promotionUsages.playerId, session.playerId));
      return readPage(db, { table: promotionUsages, where, page, pageSize }, (limit, offset) =>
        db
          .select({ usage: promotionUsages, promotion: promotions })
          .from(promotionUsages)
          .innerJoin(promotions, eq(promotions.id, promotionUsages.promotionId))
          .where(where)
          .orderBy(desc(promotionUsages.createdAt), desc(promotionUsages.id))
          .limit(limit)
          .offset(offset),
      );
    },
    cancel,
    isBlocked,
    blockingReason: (session) => blockingReason(session),
    ...staff,
  };
}
