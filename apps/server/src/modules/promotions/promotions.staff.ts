import { and, eq, sql } from 'drizzle-orm';
import type { PromotionInput } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { players, promotions, type PromotionRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { enqueue } from '../../jobs/queue.js';
import { noSuchPromotion } from './promotions.errors.js';
import { DEACTIVATION_JOB } from './promotions.jobs.js';
import type { PromotionsServiceDependencies } from './promotions.types.js';

const codeTaken = (code: string) =>
  new AppError('CONFLICT', `a promotion with code ${code} exists`, { code: 'promotion.validation.code_taken' });

const columnsOf = (input: PromotionInput) => ({
  code: input.code,
  texts: input.texts,
  providers: input.providers,
  startsAt: new Date(input.startsAt),
  endsAt: input.endsAt === null ? null : new Date(input.endsAt),
  maxUses: input.maxUses,
  maxUsesPerPlayer: input.maxUsesPerPlayer,
  rules: input.rules,
});

/**
 * Staff's changes to promotions and the promotion blacklist (DESIGN.md §9), each in the caller's
 * transaction: the routes write the audit row in the same one (src/audit/audit.ts).
 */
export function createPromotionStaff(_deps: Pick<PromotionsServiceDependencies, 'db'>) {
  async function create(db: Db | Tx, agencyId: string, input: PromotionInput): Promise<PromotionRow> {
    try {
      const [row] = await db
        .insert(promotions)
        .values({ agencyId, ...columnsOf(input) })
        .returning();
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken(input.code);
      throw err;
    }
  }

  async function update(db: Db | Tx, agencyId: string, id: string, input: PromotionInput): Promise<PromotionRow> {
    try {
      const [row] = await db
        .update(promotions)
        .set({ ...columnsOf(input), updatedAt: sql`now()` })
        .where(and(eq(promotions.id, id), eq(promotions.agencyId, agencyId)))
        .returning();
      if (!row) throw noSuchPromotion();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken(input.code);
      throw err;
    }
  }

  /** Off for new takers at once; its ACTIVE usages turn INACTIVE by the worker (USED ones run their course). */
  async function deactivate(tx: Tx, agencyId: string, id: string): Promise<PromotionRow> {
    const [row] = await tx
      .update(promotions)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(and(eq(promotions.id, id), eq(promotions.agencyId, agencyId)))
      .returning();
    if (!row) throw noSuchPromotion();
    await enqueue(tx, { type: DEACTIVATION_JOB, payload: { promotionId: id }, uniqueKey: `${DEACTIVATION_JOB}:${id}:${Date.now()}` });
    return row;
  }

  async function setBlocked(tx: Tx, agencyId: string, playerId: string, blocked: boolean) {
    const [row] = await tx
      .update(players)
      .set({ promotionBlocked: blocked })
      .where(and(eq(players.agencyId, agencyId), eq(players.id, playerId)))
      .returning({ id: players.id });
    if (!row) throw notFound('no such player');
  }

  return { create, update, deactivate, setBlocked };
}
