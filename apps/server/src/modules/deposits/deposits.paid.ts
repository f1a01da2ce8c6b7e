import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { queryRowsPrepared, uuidArray, type Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { GroupCommit, type ItemResult } from '../../db/group-commit.js';
import { depositOrders, players, type DepositOrderRow } from '../../db/schema/index.js';
import { ensureAccounts, houseKey, type PostRequest } from '../../ledger/ledger.js';
import type { Transfer, TransferKind } from '../../ledger/transfers/index.js';
import { completeConfirmations } from './deposits.durable.js';
import { noSuchDeposit } from './deposits.errors.js';
import type { ConfirmedPayment, DepositsServiceDependencies } from './deposits.types.js';

/** The kind of the provider transfers of deposits (settled by deposits.settlement.ts). */
export const DEPOSIT_TRANSFER_KIND = 'deposit' satisfies TransferKind;

type PaymentItem = { orderId: string; payment: ConfirmedPayment };

/**
 * Marks an order PAID once, keyed on the bank reference, and in the same transaction books the kip
 * received (LAK BANK_CLEARING → EXCHANGE) and asks for the credit to go to the provider (THB
 * EXCHANGE → the player's credit, through the transfer service), docs/decisions/009-ledger.md. A
 * payment of an expired or canceled order is credited all the same and marked paid_late
 * (014-deposits.md). The payments confirmed at the same moment are marked together, in one
 * transaction (docs/decisions/021-settlement-in-groups.md); each caller gets its own order back.
 */
export function createMarkPaid({
  db,
  log,
  transfers,
  promotions,
}: Pick<DepositsServiceDependencies, 'db' | 'log' | 'transfers' | 'promotions'>) {
  async function markPaidMany(items: PaymentItem[]): Promise<ItemResult<DepositOrderRow>[]> {
    // the first payment of an order in the group is the one applied; a later one answers as a second callback would
    const first = new Map<string, PaymentItem>();
    for (const item of items) if (!first.has(item.orderId)) first.set(item.orderId, item);
    const { orders, paidIds, requested } = await transactionWithRetry(db, async (tx) => {
      // one statement: the row locks, the check that they were not paid before, the change; a second
      // callback of the same payment waits here on the first and then finds the reference set. The ids
      // also as `= ANY (…)`: joined on the JSON alone (guessed at 100 rows), the plan read the whole table
      const payments = [...first.values()].map(({ orderId, payment }) => ({
        id: orderId,
        ref: payment.bankReference,
        paid_at: payment.paidAt.toISOString(),
      }));
      const paid = await queryRowsPrepared<{ id: string }>(
        tx,
        'deposits_mark_paid',
        sql`UPDATE deposit_orders d
               SET status = 'PAID', bank_reference = p.ref, paid_at = p.paid_at, updated_at = now(),
                   paid_late = d.status = 'CANCELED' OR p.paid_at > d.expires_at
              FROM jsonb_to_recordset(${JSON.stringify(payments)}::jsonb) AS p (id uuid, ref text, paid_at timestamptz)
             WHERE d.id = p.id AND d.id = ANY (${uuidArray(first.keys())}::uuid[]) AND d.bank_reference IS NULL
         RETURNING d.id::text AS id`,
      );
      const paidIds = new Set(paid.map((r) => r.id));
      const rows = await tx
        .select({ ...getTableColumns(depositOrders), username: players.username })
        .from(depositOrders)
        .innerJoin(players, and(eq(players.id, depositOrders.playerId), eq(players.agencyId, depositOrders.agencyId)))
        .where(sql`${depositOrders.id} = ANY (${uuidArray(first.keys())}::uuid[])`)
        .prepare('deposits_paid_group')
        .execute();
      const orders = new Map(rows.map(({ username, ...order }) => [order.id, { order, username }]));
      const requested = await bookPayments(
        tx,
        [...paidIds].map((id) => orders.get(id)!),
      );
      // the callbacks' confirmation jobs of these orders have nothing left to do (decision 060)
      await completeConfirmations(tx, first.keys());
      return { orders, paidIds, requested };
    });
    // the transfers are committed: this process tells the providers now (the worker is the fallback)
    transfers.dispatch(requested);
    return items.map((item): ItemResult<DepositOrderRow> => {
      const found = orders.get(item.orderId);
      if (!found) return { ok: false, error: noSuchDeposit() };
      const applied = paidIds.has(item.orderId) && first.get(item.orderId) === item;
      if (!applied && found.order.bankReference !== item.payment.bankReference) {
        // a second payment of one QR: the gateway should refuse it; the first one stands
        log.warn({ orderId: item.orderId, first: found.order.bankReference, second: item.payment.bankReference }, 'deposit paid twice');
      }
      return { ok: true, value: found.order };
    });
  }

  /**
   * The kip and the transfers' reservations in one ledger call, which locks every account of the
   * group in id order before the transfers' foreign keys take shares on EXCHANGE(THB) (the other way
   * round, a later FOR UPDATE on it could deadlock two settlements). The five accounts of each order
   * are looked up in one query for the whole group. A deposit made with a promotion (its usage turns
   * USED here) carries its bonus in the same transfer, posted PROMOTION_EXPENSE → EXCHANGE(THB) first
   * (docs/decisions/045-promotions-engine.md).
   */
  async function bookPayments(tx: Tx, paid: { order: DepositOrderRow; username: string }[]): Promise<Transfer[]> {
    if (paid.length === 0) return [];
    const bonuses = await promotions.claimBonuses(
      tx,
      paid.map(({ order }) => order),
    );
    const keys = paid.map(({ order: { agencyId, playerId, providerId } }) => [
      houseKey({ agencyId, playerId, type: 'BANK_CLEARING', currency: 'LAK' }),
      houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'LAK' }),
      houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'THB' }),
      ...transfers.playerAccountKeys(agencyId, playerId, providerId),
    ]);
    const ids = await ensureAccounts(tx, keys.flat());
    const accounts = paid.map((_, i) => ids.slice(i * 5, i * 5 + 5) as [string, string, string, string, string]);
    const kip: PostRequest[] = paid.map(({ order }, i) => ({
      agencyId: order.agencyId,
      reference: `deposit:${order.id}:paid`,
      kind: 'deposit:paid',
      entries: [{ from: accounts[i]![0], to: accounts[i]![1], currency: 'LAK' as const, amount: order.amountLak }],
      metadata: { orderId: order.id, transactionCode: order.transactionCode, bankReference: order.bankReference },
    }));
    const withBonus = paid.map(({ order }, i) => ({ order, i })).filter(({ order }) => (bonuses.get(order.id)?.bonus ?? 0n) > 0n);
    if (withBonus.length > 0) {
      const expense = await ensureAccounts(
        tx,
        withBonus.map(({ order: { agencyId, playerId } }) => houseKey({ agencyId, playerId, type: 'PROMOTION_EXPENSE', currency: 'THB' })),
      );
      withBonus.forEach(({ order, i }, j) => {
        const { usageId, bonus } = bonuses.get(order.id)!;
        kip.push({
          agencyId: order.agencyId,
          reference: `deposit:${order.id}:bonus`,
          kind: 'promotion_bonus',
          entries: [{ from: expense[j]!, to: accounts[i]![2], currency: 'THB', amount: bonus }],
          metadata: { orderId: order.id, usageId },
        });
      });
    }
    const requested = await transfers.requestMany(
      tx,
      paid.map(({ order, username }, i) => ({
        params: {
          agencyId: order.agencyId,
          playerId: order.playerId,
          username,
          providerId: order.providerId,
          direction: 'IN' as const,
          amount: order.creditThb + (bonuses.get(order.id)?.bonus ?? 0n),
          reference: `dep:${order.id}`,
          kind: DEPOSIT_TRANSFER_KIND,
          orderId: order.id,
          counterAccountId: accounts[i]![2],
        },
        accounts: [accounts[i]![3], accounts[i]![4]] as const,
      })),
      kip,
      { dispatch: true },
    );
    return requested.filter((r) => !r.duplicate).map((r) => r.transfer);
  }

  const group = new GroupCommit(markPaidMany, { maxItems: 256 });
  return (orderId: string, payment: ConfirmedPayment): Promise<DepositOrderRow> => group.run({ orderId, payment });
}
