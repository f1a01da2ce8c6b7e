import { and, eq, inArray, sql } from 'drizzle-orm';
import { bonusFor, promotionRulesSchema, turnoverRequired, withdrawalRefusal, withdrawalSplit } from '@app/contracts';
import { queryRowsPrepared, uuidArray, type Tx } from '../../db/client.js';
import { promotionUsages, promotions, providerTransfers, withdrawals, type PromotionUsageRow } from '../../db/schema/index.js';
import { ensureAccounts, houseKey, postMany } from '../../ledger/ledger.js';
import { adapterOf, readFromProvider } from '../../providers/reads.js';
import type { ClaimedBonus, PromotionsService, PromotionsServiceDependencies, WithdrawalPlan } from './promotions.types.js';
import { heldUsage } from './promotions.use.js';

/** The provider transfer a usage's bonus travelled in (the deposit's): turnover is counted since it. */
export const depositTransferReference = (u: Pick<PromotionUsageRow, 'depositOrderId'>) => `dep:${u.depositOrderId}`;

/** Bets at the provider since the bonus (the provider counts each round once, by its own id), THB minor. */
export async function turnoverOf(
  deps: Pick<PromotionsServiceDependencies, 'providers' | 'db'>,
  who: { agencyId: string; playerId: string; username: string },
  usage: PromotionUsageRow,
) {
  const adapter = adapterOf(deps.providers, usage.providerId);
  const reference = depositTransferReference(usage);
  // the provider's own id of that transfer: AMB's win/lose report is keyed by it
  const [transfer] = await deps.db
    .select({ providerTransferId: providerTransfers.providerTransferId })
    .from(providerTransfers)
    .where(and(eq(providerTransfers.reference, reference), eq(providerTransfers.agencyId, who.agencyId)));
  return readFromProvider(adapter, () => adapter.turnoverSince(who, reference, transfer?.providerTransferId ?? null));
}

/**
 * In the query that reads the orders just paid: whether their player holds an ACTIVE usage at their
 * provider taken before the order, the rows `claimBonuses` would claim. An order without one skips
 * the claim's statement (read with the orders, in the same transaction).
 */
export const promotionTakenOf = sql<boolean>`EXISTS (SELECT 1 FROM promotion_usages u
   WHERE u.player_id = deposit_orders.player_id AND u.status = 'ACTIVE' AND u.agency_id = deposit_orders.agency_id
     AND u.provider_id = deposit_orders.provider_id AND u.created_at <= deposit_orders.created_at)`;

/** The money half of the engine: the bonus at PAID, the withdrawal rules and split, the approval. */
export function createPromotionMoney(deps: PromotionsServiceDependencies) {
  const { db } = deps;

  /**
   * One statement for every deposit of a settlement group (docs/decisions/021): the ACTIVE usages of
   * their players at their providers, taken before the order, turn USED with the deposit's credit;
   * then, for those only, their bonus and turnover requirement from the promotion's rules.
   */
  const claimBonuses: PromotionsService['claimBonuses'] = async (tx, deposits) => {
    const claimed = new Map<string, ClaimedBonus>();
    if (deposits.length === 0) return claimed;
    const json = JSON.stringify(
      deposits.map((d) => ({
        id: d.id,
        agency_id: d.agencyId,
        player_id: d.playerId,
        provider_id: d.providerId,
        created_at: d.createdAt.toISOString(),
        credit: d.creditThb.toString(),
      })),
    );
    // the promotion's rules read by the same statement (its FROM locks none of their rows)
    const used = await queryRowsPrepared<{ id: string; order_id: string; promotion_id: string; credit: string; rules: unknown }>(
      tx,
      'promotions_claim_bonuses',
      sql`UPDATE promotion_usages u
             SET status = 'USED', deposit_order_id = d.id, deposit_credit = d.credit, used_at = now(), updated_at = now()
            FROM jsonb_to_recordset(${json}::jsonb) AS d (id uuid, agency_id uuid, player_id uuid, provider_id text, created_at timestamptz, credit bigint),
                 promotions p
           WHERE u.player_id = ANY (${uuidArray(deposits.map((d) => d.playerId))}::uuid[]) AND u.status = 'ACTIVE'
             AND u.player_id = d.player_id AND u.agency_id = d.agency_id AND u.provider_id = d.provider_id AND u.created_at <= d.created_at
             AND p.id = u.promotion_id
       RETURNING u.id::text AS id, d.id::text AS order_id, u.promotion_id::text AS promotion_id, d.credit::text AS credit, p.rules`,
    );
    if (used.length === 0) return claimed;
    const rules = new Map(used.map((u) => [u.promotion_id, u.rules]));
    const parsed = new Map([...rules].map(([id, r]) => [id, promotionRulesSchema.parse(r)]));
    const amounts = used.map((u) => {
      const r = parsed.get(u.promotion_id)!;
      const credit = BigInt(u.credit);
      const bonus = bonusFor(r.bonus, credit);
      claimed.set(u.order_id, { usageId: u.id, bonus });
      return { id: u.id, bonus: bonus.toString(), required: turnoverRequired(r, credit, bonus)?.toString() ?? null };
    });
    await queryRowsPrepared(
      tx,
      'promotions_bonus_amounts',
      sql`UPDATE promotion_usages u SET bonus = a.bonus, turnover_required = a.required
            FROM jsonb_to_recordset(${JSON.stringify(amounts)}::jsonb) AS a (id uuid, bonus bigint, required bigint)
           WHERE u.id = a.id AND u.id = ANY (${uuidArray(amounts.map((a) => a.id))}::uuid[])`,
    );
    return claimed;
  };

  /**
   * DESIGN.md §8: a withdrawal from the provider of a USED usage must meet the target credit, the
   * turnover since the bonus (asked of the provider now, and kept on the usage) and withdraw all;
   * its credit splits by the contracts' `withdrawalSplit`, the same function as the page's preview.
   */
  const withdrawalRules: PromotionsService['withdrawalRules'] = async (input) => {
    const whole: WithdrawalPlan = {
      totalCredit: input.amount,
      creditReceived: input.amount,
      creditReturned: 0n,
      promoCredit: 0n,
      promotionUsageId: null,
    };
    const usage = await heldUsage(db, input.agencyId, input.playerId);
    if (!usage || usage.status !== 'USED' || usage.providerId !== input.providerId) return { ok: true, plan: whole };
    const [promotion] = await db.select().from(promotions).where(eq(promotions.id, usage.promotionId));
    const rules = promotionRulesSchema.parse(promotion!.rules);
    let turnover: bigint | null = null;
    if (usage.turnoverRequired !== null) {
      turnover = await turnoverOf(deps, input, usage);
      await db.update(promotionUsages).set({ turnover }).where(eq(promotionUsages.id, usage.id));
    }
    const refusal = withdrawalRefusal(rules, {
      amount: input.amount,
      credit: input.credit,
      turnover,
      turnoverRequired: usage.turnoverRequired,
    });
    if (refusal) return { ok: false, code: refusal };
    const split = withdrawalSplit(
      input.amount,
      { rules, money: { depositCredit: usage.depositCredit ?? 0n, bonus: usage.bonus ?? 0n } },
      null,
    );
    return {
      ok: true,
      plan: {
        totalCredit: split.totalCredit,
        creditReceived: split.creditReceived,
        creditReturned: split.creditReturned,
        promoCredit: split.promoCredit,
        promotionUsageId: usage.id,
      },
    };
  };

  /** The qualifying withdrawal was paid out: its usage, still USED, is a SUCCESS. */
  async function withdrawalApproved(tx: Tx, w: { id: string; promotionUsageId: string | null }) {
    if (!w.promotionUsageId) return;
    await tx
      .update(promotionUsages)
      .set({ status: 'SUCCESS', closedBy: 'WITHDRAWAL', withdrawalId: w.id, closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(promotionUsages.id, w.promotionUsageId), eq(promotionUsages.status, 'USED')));
  }

  /** A withdrawal of this usage in progress (PENDING or OPEN): its credit is away, not played away. */
  async function withdrawalInProgress(tx: Tx | typeof db, usageId: string) {
    const rows = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.promotionUsageId, usageId), inArray(withdrawals.status, ['PENDING', 'OPEN'])))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * In the transaction that finds deposit transfers VOIDED (docs/decisions/045, amended): the bonus
   * never reached the provider, so each USED usage of those deposits turns CANCELED (`VOIDED`,
   * nothing clawed back) and its bonus goes back EXCHANGE(THB) → PROMOTION_EXPENSE, leaving only the
   * deposit's own credit at EXCHANGE for staff. The status predicate lets a cancel that took the row
   * first win; the posting's reference makes a repeat write nothing.
   */
  const returnVoidedBonuses: PromotionsService['returnVoidedBonuses'] = async (tx, orderIds) => {
    if (orderIds.length === 0) return;
    const voided = await queryRowsPrepared<{ id: string; agency_id: string; player_id: string; order_id: string; bonus: string }>(
      tx,
      'promotions_void_bonuses',
      sql`UPDATE promotion_usages
             SET status = 'CANCELED', closed_by = 'VOIDED', clawed_back = 0, closed_at = now(), updated_at = now()
           WHERE deposit_order_id = ANY (${uuidArray(orderIds)}::uuid[]) AND status = 'USED'
       RETURNING id::text, agency_id::text, player_id::text, deposit_order_id::text AS order_id, coalesce(bonus, 0)::text AS bonus`,
    );
    const back = voided.filter((u) => BigInt(u.bonus) > 0n);
    if (back.length === 0) return;
    const keys = back.flatMap((u) => [
      houseKey({ agencyId: u.agency_id, playerId: u.player_id, type: 'EXCHANGE', currency: 'THB' }),
      houseKey({ agencyId: u.agency_id, playerId: u.player_id, type: 'PROMOTION_EXPENSE', currency: 'THB' }),
    ]);
    const ids = await ensureAccounts(tx, keys);
    await postMany(
      tx,
      back.map((u, i) => ({
        agencyId: u.agency_id,
        reference: `deposit:${u.order_id}:bonus-voided`,
        kind: 'promotion_bonus_voided',
        entries: [{ from: ids[2 * i]!, to: ids[2 * i + 1]!, currency: 'THB' as const, amount: BigInt(u.bonus) }],
        metadata: { orderId: u.order_id, usageId: u.id },
      })),
    );
  };

  return { claimBonuses, returnVoidedBonuses, withdrawalRules, withdrawalApproved, withdrawalInProgress };
}

export type PromotionMoney = ReturnType<typeof createPromotionMoney>;
