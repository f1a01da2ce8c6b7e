import { and, eq, sql } from 'drizzle-orm';
import { promotionRulesSchema, toMinor } from '@app/contracts';
import type { Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { players, promotionUsages, promotions, providerTransfers, type PromotionUsageRow } from '../../db/schema/index.js';
import { balanceOf, houseAccount } from '../../ledger/ledger.js';
import type { Transfer } from '../../ledger/transfers/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import { bonusInFlight, noSuchUsage, usageNotHeld } from './promotions.errors.js';
import { depositTransferReference, turnoverOf, type PromotionMoney } from './promotions.money.js';
import type { PromotionsServiceDependencies, UsageWithPromotion } from './promotions.types.js';
import { heldUsage, liveCredit } from './promotions.use.js';

/** The transfer kind of a bonus taken back from the provider. */
export const CLAWBACK_KIND = 'promotion_clawback';

type Owner = { agencyId: string; playerId?: string };

export function createCancelAndRecheck(deps: PromotionsServiceDependencies, money: PromotionMoney) {
  const { db, log, transfers } = deps;

  // a clawback the provider refused: the void gave the credit back to the player; the usage says nothing was taken
  transfers.onSettled(CLAWBACK_KIND, async (tx, t, outcome) => {
    if (outcome === 'POSTED' || !t.orderId) return;
    log.warn({ usageId: t.orderId, reason: t.lastError }, 'promotion clawback refused by the provider');
    await tx
      .update(promotionUsages)
      .set({ clawedBack: 0n, updatedAt: sql`now()` })
      .where(eq(promotionUsages.id, t.orderId));
  });

  async function withPromotion(tx: Tx | typeof db, usage: PromotionUsageRow): Promise<UsageWithPromotion> {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, usage.promotionId));
    return { usage, promotion: promotion! };
  }

  /** Where the deposit's transfer (deposit + bonus) stands at the provider, or undefined before it exists. */
  async function depositTransferStatus(tx: Tx | typeof db, usage: PromotionUsageRow) {
    const [t] = await tx
      .select({ status: providerTransfers.status })
      .from(providerTransfers)
      .where(eq(providerTransfers.reference, depositTransferReference(usage)));
    return t?.status;
  }

  /** The deposit's transfer has settled at the provider: the bonus is there or was never sent. */
  async function bonusSettled(tx: Tx | typeof db, usage: PromotionUsageRow) {
    const status = await depositTransferStatus(tx, usage);
    return status !== undefined && status !== 'PENDING';
  }

  /**
   * ACTIVE → CANCELED (its use given back); USED → CANCELED with the bonus taken back from the
   * provider: min(bonus, the credit there), read live and booked first so the ledger agrees, then
   * taken through the transfer path whose debit is itself the check (DESIGN.md §8). The usage row
   * is locked for the whole change: a PAID that wins it first makes this a USED cancel; one that
   * comes second finds it CANCELED and credits no bonus. Refused (CONFLICT) while the bonus is still
   * on its way, so a clawback never misses a bonus that is about to land.
   */
  async function cancel(
    owner: Owner,
    usageId: string,
    by: 'PLAYER' | 'STAFF',
    inTransaction?: (tx: Tx, usage: PromotionUsageRow) => Promise<void>,
  ): Promise<UsageWithPromotion> {
    const [seen] = await db
      .select()
      .from(promotionUsages)
      .where(and(eq(promotionUsages.id, usageId), eq(promotionUsages.agencyId, owner.agencyId)));
    if (!seen || (owner.playerId !== undefined && seen.playerId !== owner.playerId)) throw noSuchUsage();
    const [player] = await db.select({ username: players.username }).from(players).where(eq(players.id, seen.playerId));
    const who = { agencyId: seen.agencyId, playerId: seen.playerId, username: player!.username };
    // read before the transaction (a provider call holds no lock); the version tells whether the ledger moved since
    const versionSeen = await transfers.creditVersion(db, seen.agencyId, seen.playerId, seen.providerId);
    const credit = seen.status === 'USED' ? await liveCredit(deps, who, seen.providerId) : 0n;

    // the change itself, in the transaction below
    async function cancelIn(tx: Tx): Promise<{ usage: PromotionUsageRow; transfer: Transfer | null }> {
      const [u] = await tx.select().from(promotionUsages).where(eq(promotionUsages.id, usageId)).for('update');
      if (!u) throw noSuchUsage();
      const closed = { status: 'CANCELED' as const, closedBy: by, closedAt: sql`now()`, updatedAt: sql`now()` };
      if (u.status === 'ACTIVE') {
        const [row] = await tx.update(promotionUsages).set(closed).where(eq(promotionUsages.id, u.id)).returning();
        await tx
          .update(promotions)
          .set({ uses: sql`greatest(${promotions.uses} - 1, 0)` })
          .where(eq(promotions.id, u.promotionId));
        return { usage: row!, transfer: null };
      }
      if (u.status !== 'USED') throw usageNotHeld(u.status);
      const deposit = await depositTransferStatus(tx, u);
      if (deposit === undefined || deposit === 'PENDING') throw bonusInFlight();
      if (deposit === 'VOIDED') {
        // the provider refused the deposit's transfer: the bonus never arrived, so nothing is taken back
        // (the credit there is the player's own); only rows from before migration 0042, which ends such usages by itself
        const [row] = await tx
          .update(promotionUsages)
          .set({ ...closed, clawedBack: 0n })
          .where(eq(promotionUsages.id, u.id))
          .returning();
        return { usage: row!, transfer: null };
      }
      const [, creditAccount] = await transfers.playerAccounts(tx, u.agencyId, u.playerId, u.providerId);
      await transfers.syncCredit(tx, {
        ...who,
        providerId: u.providerId,
        providerBalance: credit,
        versionSeen,
        reference: `promo:${u.id}:sync`,
      });
      const ledgerCredit = await balanceOf(tx, creditAccount);
      const there = credit < ledgerCredit ? credit : ledgerCredit;
      const bonus = u.bonus ?? 0n;
      const take = bonus < there ? bonus : there;
      const [row] = await tx
        .update(promotionUsages)
        .set({ ...closed, clawedBack: take })
        .where(eq(promotionUsages.id, u.id))
        .returning();
      if (take <= 0n) return { usage: row!, transfer: null };
      const expense = await houseAccount(tx, { agencyId: u.agencyId, playerId: u.playerId, type: 'PROMOTION_EXPENSE', currency: 'THB' });
      const { transfer } = await transfers.request(tx, {
        ...who,
        providerId: u.providerId,
        direction: 'OUT',
        amount: take,
        reference: `promo:${u.id}:clawback`,
        kind: CLAWBACK_KIND,
        orderId: u.id,
        counterAccountId: expense,
      });
      return { usage: row!, transfer: transfer as Transfer | null };
    }

    const { usage, transfer } = await transactionWithRetry(db, async (tx) => {
      const changed = await cancelIn(tx);
      // the caller's part of the change (staff: the audit entry), committed with it or not at all
      if (inTransaction) await inTransaction(tx, changed.usage);
      return changed;
    });
    if (transfer) {
      try {
        await transfers.process(transfer.id);
      } catch (err) {
        log.warn({ err, transferId: transfer.id }, 'clawback not settled inline; the worker will');
      }
    }
    return withPromotion(db, usage);
  }

  /**
   * POST /v2/promotions/usages/recheck: the turnover is read again and, when the credit there is
   * below the threshold (the promotion's maxCreditBeforeDeposit, else the agency's) with the bonus
   * landed and no withdrawal of it under way, the bonus was played away: USED → SUCCESS.
   */
  async function recheck(agency: AgencyContext, session: PlayerSession): Promise<UsageWithPromotion> {
    const usage = await heldUsage(db, agency.id, session.playerId);
    if (!usage) throw noSuchUsage();
    if (usage.status !== 'USED') return withPromotion(db, usage);
    const [promotion] = await db.select().from(promotions).where(eq(promotions.id, usage.promotionId));
    const rules = promotionRulesSchema.parse(promotion!.rules);
    const turnover = usage.turnoverRequired !== null ? await turnoverOf(deps, session, usage) : usage.turnover;
    const credit = await liveCredit(deps, session, usage.providerId);
    const threshold = toMinor(rules.maxCreditBeforeDeposit ?? agency.settings.depositCreditThresholdThb, 'THB');
    const playedAway = credit < threshold && (await bonusSettled(db, usage)) && !(await money.withdrawalInProgress(db, usage.id));
    const [row] = await db
      .update(promotionUsages)
      .set(playedAway ? { turnover, status: 'SUCCESS', closedBy: 'RECHECK', closedAt: sql`now()`, updatedAt: sql`now()` } : { turnover })
      .where(and(eq(promotionUsages.id, usage.id), eq(promotionUsages.status, 'USED')))
      .returning();
    return withPromotion(db, row ?? usage);
  }

  return { cancel, recheck, withPromotion };
}
