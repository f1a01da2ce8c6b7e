import { sql } from 'drizzle-orm';
import { fromMinor, type PromotionFiguresResponse } from '@app/contracts';
import { queryRows, type Db } from '../../db/client.js';

/** How often the worker folds the figures' deltas into their totals (decision 079): what a read adds up beyond the totals. */
export const FIGURES_FOLD_EVERY_MS = 5_000;

/**
 * Per promotion of the agency: usages taken, in use now (USED), with a paid deposit, and the bonus
 * cost (credited less taken back, THB). The totals as of the worker's last fold plus the deltas
 * written since, in one statement (one snapshot: a fold is either wholly in it or not at all), so
 * exactly what a grouped read of the agency's usages gives, at a cost bounded by the number of
 * promotions and of the last seconds' changes, not by the usages (migration 0049).
 */
export async function promotionFigures(db: Db, agencyId: string): Promise<PromotionFiguresResponse> {
  const rows = await queryRows<{ promotion_id: string; taken: number; in_use: number; used: number; cost: string }>(
    db,
    sql`SELECT promotion_id, sum(taken)::int AS taken, sum(in_use)::int AS in_use, sum(used)::int AS used, sum(cost)::text AS cost
          FROM (SELECT promotion_id, taken, in_use, used, cost FROM promotion_figures WHERE agency_id = ${agencyId}
                UNION ALL
                SELECT promotion_id, taken, in_use, used, cost FROM promotion_figure_deltas WHERE agency_id = ${agencyId}) f
         GROUP BY promotion_id HAVING sum(taken) > 0`,
  );
  return {
    figures: rows.map((r) => ({
      promotionId: r.promotion_id,
      taken: r.taken,
      inUse: r.in_use,
      used: r.used,
      bonusCost: fromMinor(BigInt(r.cost), 'THB'),
    })),
  };
}

/** The worker's fold (db/functions/promotion_figures.sql): the committed deltas into the totals; answers how many. */
export async function foldPromotionFigures(db: Db): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(db, sql`SELECT promotion_figures_fold() AS folded`);
  return row?.folded ?? 0;
}
