import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { fromMinor, promotionRulesSchema, toMinor, type ErrorCode, type UsePromotionBody } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation, transactionWithRetry } from '../../db/errors.js';
import { depositOrders, players, promotionUsages, promotions, type PromotionRow } from '../../db/schema/index.js';
import { enqueue } from '../../jobs/queue.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import { adapterOf, readFromProvider } from '../../providers/reads.js';
import {
  alreadyUsed,
  bonusRing,
  creditTooHigh,
  firstOrderOnly,
  needsBankAccount,
  noSuchPromotion,
  oneAtATime,
  openOrder,
  playerBlocked,
  promotionInactive,
  providerNotInPromotion,
  usedByProvider,
  usesExhausted,
} from './promotions.errors.js';
import type { PromotionsServiceDependencies, UsageWithPromotion } from './promotions.types.js';

/** An ACTIVE usage with no paid deposit turns INACTIVE after this (DESIGN.md §8). */
export const USAGE_ACTIVE_HOURS = 24;
export const USAGE_EXPIRY_JOB = 'promotion_usage_expiry' as const;

/** Active, and now within its window. */
export const isOpenNow = (p: PromotionRow, now = new Date()) => p.isActive && p.startsAt <= now && (p.endsAt === null || p.endsAt > now);

/** The usage the player holds (ACTIVE or USED), through the one-held index. */
export async function heldUsage(db: Db | Tx, agencyId: string, playerId: string) {
  const [row] = await db
    .select()
    .from(promotionUsages)
    .where(
      and(
        eq(promotionUsages.playerId, playerId),
        eq(promotionUsages.agencyId, agencyId),
        inArray(promotionUsages.status, ['ACTIVE', 'USED']),
      ),
    );
  return row ?? null;
}

/** The player's live credit at a provider (THB minor), 0 without an account there. */
export async function liveCredit(
  deps: Pick<PromotionsServiceDependencies, 'providers'>,
  who: { agencyId: string; playerId: string; username: string },
  providerId: string,
) {
  const adapter = adapterOf(deps.providers, providerId);
  const player = { playerId: who.playerId, agencyId: who.agencyId, username: who.username };
  return (await readFromProvider(adapter, () => adapter.balance(player))) ?? 0n;
}

export function createUse(deps: PromotionsServiceDependencies) {
  const { db, bankAccounts, responsiblePlay, fraudSignals } = deps;

  const isBlocked = async (agencyId: string, playerId: string) => {
    const [row] = await db
      .select({ blocked: players.promotionBlocked })
      .from(players)
      .where(and(eq(players.agencyId, agencyId), eq(players.id, playerId)));
    return row?.blocked ?? false;
  };

  const hasOpenDeposit = async (agencyId: string, playerId: string) => {
    const rows = await db
      .select({ id: depositOrders.id })
      .from(depositOrders)
      .where(and(eq(depositOrders.agencyId, agencyId), eq(depositOrders.playerId, playerId), eq(depositOrders.status, 'OPEN')))
      .limit(1);
    return rows.length > 0;
  };

  /** The refusals that do not depend on the promotion, in the order a player fixes them. */
  async function blockingReason(session: PlayerSession, requiresBankAccount = true): Promise<ErrorCode | null> {
    if (await responsiblePlay.activeExclusion(session)) return 'SELF_EXCLUDED';
    if (await isBlocked(session.agencyId, session.playerId)) return 'PROMOTION_PLAYER_BLOCKED';
    if (await fraudSignals.ringBlocked(session)) return 'PROMOTION_BONUS_RING';
    if (requiresBankAccount && !(await bankAccounts.find(session.agencyId, session.playerId))) return 'PROMOTION_NEEDS_BANK_ACCOUNT';
    if (await heldUsage(db, session.agencyId, session.playerId)) return 'PROMOTION_ONE_AT_A_TIME';
    if (await hasOpenDeposit(session.agencyId, session.playerId)) return 'OPEN_ORDER';
    return null;
  }

  /**
   * POST /v2/promotions/use (DESIGN.md §8): the checks a player can fix first, then in one
   * transaction under the promotion's row lock the use limits, the usage (the one-held index refuses
   * a second one, whatever the race) and its expiry job.
   */
  async function use(agency: AgencyContext, session: PlayerSession, body: UsePromotionBody): Promise<UsageWithPromotion> {
    await responsiblePlay.assertNotExcluded(session);
    const [promotion] = await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, body.promotionId), eq(promotions.agencyId, agency.id)));
    if (!promotion) throw noSuchPromotion();
    if (!isOpenNow(promotion)) throw promotionInactive();
    if (!promotion.providers.includes(body.providerId)) throw providerNotInPromotion(body.providerId);
    const rules = promotionRulesSchema.parse(promotion.rules);

    const held = await heldUsage(db, agency.id, session.playerId);
    if (held?.promotionId === promotion.id && held.providerId !== body.providerId) throw usedByProvider(held.providerId);
    const reason = await blockingReason(session, rules.requiresBankAccount);
    if (reason === 'PROMOTION_PLAYER_BLOCKED') throw playerBlocked();
    if (reason === 'PROMOTION_BONUS_RING') throw bonusRing();
    if (reason === 'PROMOTION_NEEDS_BANK_ACCOUNT') throw needsBankAccount();
    if (reason === 'PROMOTION_ONE_AT_A_TIME') throw oneAtATime();
    if (reason === 'OPEN_ORDER') throw openOrder();
    if (rules.firstOrderOnly) {
      const [paid] = await db
        .select({ n: count() })
        .from(depositOrders)
        .where(
          and(eq(depositOrders.agencyId, agency.id), eq(depositOrders.playerId, session.playerId), isNotNull(depositOrders.bankReference)),
        );
      if ((paid?.n ?? 0) > 0) throw firstOrderOnly();
      // players of one device taking the same first-deposit promotion: a ring, refused until staff decide
      if (await fraudSignals.bonusRing(session, promotion.id)) throw bonusRing();
    }
    if (rules.maxCreditBeforeDeposit !== undefined) {
      const credit = await liveCredit(deps, session, body.providerId);
      const threshold = toMinor(rules.maxCreditBeforeDeposit, 'THB');
      if (credit >= threshold) throw creditTooHigh(fromMinor(threshold, 'THB'), fromMinor(credit, 'THB'));
    }

    try {
      return await transactionWithRetry(db, async (tx) => {
        const [locked] = await tx.select().from(promotions).where(eq(promotions.id, promotion.id)).for('update');
        if (!locked || !isOpenNow(locked)) throw promotionInactive();
        if (locked.maxUses !== null && locked.uses >= locked.maxUses) throw usesExhausted();
        if (locked.maxUsesPerPlayer !== null) {
          const [mine] = await tx
            .select({ n: count() })
            .from(promotionUsages)
            .where(
              and(
                eq(promotionUsages.promotionId, promotion.id),
                eq(promotionUsages.playerId, session.playerId),
                isNotNull(promotionUsages.depositOrderId),
              ),
            );
          if ((mine?.n ?? 0) >= locked.maxUsesPerPlayer) throw alreadyUsed();
        }
        const expiresAt = new Date(Date.now() + USAGE_ACTIVE_HOURS * 3_600_000);
        const [usage] = await tx
          .insert(promotionUsages)
          .values({
            agencyId: agency.id,
            playerId: session.playerId,
            promotionId: promotion.id,
            providerId: body.providerId,
            status: 'ACTIVE',
            expiresAt,
          })
          .returning();
        const [updated] = await tx
          .update(promotions)
          .set({ uses: sql`${promotions.uses} + 1` })
          .where(eq(promotions.id, promotion.id))
          .returning();
        await enqueue(tx, {
          type: USAGE_EXPIRY_JOB,
          payload: { usageId: usage!.id },
          uniqueKey: `${USAGE_EXPIRY_JOB}:${usage!.id}`,
          runAt: expiresAt,
        });
        return { usage: usage!, promotion: updated! };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'promotion_usages_one_held')) throw oneAtATime();
      throw err;
    }
  }

  return { use, isBlocked, blockingReason };
}
