import { and, eq, lte, sql } from 'drizzle-orm';
import { transactionWithRetry } from '../../db/errors.js';
import { promotionUsages, promotions } from '../../db/schema/index.js';
import type { PromotionsServiceDependencies } from './promotions.types.js';
import { FIGURES_FOLD_EVERY_MS, foldPromotionFigures } from './promotions.figures.js';
import { USAGE_EXPIRY_JOB } from './promotions.use.js';

export const DEACTIVATION_JOB = 'promotion_deactivation' as const;

/**
 * The worker's part (DESIGN.md §8): an ACTIVE usage with no paid deposit after 24 h, and every
 * ACTIVE usage of a promotion staff deactivated, turn INACTIVE and give their use back. Each change
 * is claimed with `status = 'ACTIVE'`: a deposit paid or a cancel in between wins, and this writes nothing.
 */
export function registerPromotionJobs({ db, worker }: Pick<PromotionsServiceDependencies, 'db' | 'worker'>) {
  // the figures' deltas into their totals (decision 079); the read is exact without it, and bounded with it
  worker.every('promotion figures fold', FIGURES_FOLD_EVERY_MS, () => foldPromotionFigures(db));

  const inactive = { status: 'INACTIVE' as const, closedAt: sql`now()`, updatedAt: sql`now()` };

  worker.handle(USAGE_EXPIRY_JOB, async ({ usageId }) => {
    await transactionWithRetry(db, async (tx) => {
      const [row] = await tx
        .update(promotionUsages)
        .set({ ...inactive, closedBy: 'EXPIRED' })
        .where(and(eq(promotionUsages.id, usageId), eq(promotionUsages.status, 'ACTIVE'), lte(promotionUsages.expiresAt, sql`now()`)))
        .returning({ promotionId: promotionUsages.promotionId });
      if (row) {
        await tx
          .update(promotions)
          .set({ uses: sql`greatest(${promotions.uses} - 1, 0)` })
          .where(eq(promotions.id, row.promotionId));
      }
    });
    return { done: true };
  });

  worker.handle(DEACTIVATION_JOB, async ({ promotionId }) => {
    await transactionWithRetry(db, async (tx) => {
      const rows = await tx
        .update(promotionUsages)
        .set({ ...inactive, closedBy: 'DEACTIVATED' })
        .where(and(eq(promotionUsages.promotionId, promotionId), eq(promotionUsages.status, 'ACTIVE')))
        .returning({ id: promotionUsages.id });
      if (rows.length > 0) {
        await tx
          .update(promotions)
          .set({ uses: sql`greatest(${promotions.uses} - ${rows.length}, 0)` })
          .where(eq(promotions.id, promotionId));
      }
    });
    return { done: true };
  });
}
