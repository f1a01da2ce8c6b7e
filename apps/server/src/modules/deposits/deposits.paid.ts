import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { builtOnce, statementOnce, uuidArray } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { GroupCommit, type ItemResult } from '../../db/group-commit.js';
import { depositOrders, players, type DepositOrderRow } from '../../db/schema/index.js';
import { promotionTakenOf } from '../promotions/index.js';
import { bookPayments } from './deposits.book.js';
import { completeConfirmationsSql, confirmationKeys } from './deposits.durable.js';
import { holdForReview, reviewOverLakOf } from './deposits.review.js';
import { noSuchDeposit } from './deposits.errors.js';
import type { ConfirmedPayment, DepositsServiceDependencies } from './deposits.types.js';

type PaymentItem = { orderId: string; payment: ConfirmedPayment };

// built once, the values bound per call (decision 187)
const markPaid = statementOnce<{ id: string }>(
  'deposits_mark_paid',
  sql`WITH confirmed AS (${completeConfirmationsSql(sql.placeholder('keys'))})
      UPDATE deposit_orders d
         SET status = 'PAID', bank_reference = p.ref, paid_at = p.paid_at, updated_at = now(),
             paid_late = d.status = 'CANCELED' OR p.paid_at > d.expires_at
        FROM jsonb_to_recordset(${sql.placeholder('payments')}::jsonb) AS p (id uuid, ref text, paid_at timestamptz)
       WHERE d.id = p.id AND d.id = ANY (${sql.placeholder('ids')}::uuid[]) AND d.bank_reference IS NULL
   RETURNING d.id::text AS id`,
);
const paidGroup = builtOnce((db) =>
  db
    .select({
      ...getTableColumns(depositOrders),
      username: players.username,
      overLak: reviewOverLakOf,
      promotionTaken: promotionTakenOf,
    })
    .from(depositOrders)
    .innerJoin(players, and(eq(players.id, depositOrders.playerId), eq(players.agencyId, depositOrders.agencyId)))
    .where(sql`${depositOrders.id} = ANY (${sql.placeholder('ids')}::uuid[])`)
    .prepare('deposits_paid_group'),
);

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
      // with it, the callbacks' confirmation jobs of these orders, which have nothing left to do (decision 060)
      const ids = uuidArray(first.keys());
      const paid = await markPaid(tx, { keys: confirmationKeys(first.keys()), payments: JSON.stringify(payments), ids });
      const paidIds = new Set(paid.map((r) => r.id));
      const rows = await paidGroup(tx).execute({ ids });
      const orders = new Map(
        rows.map(({ username, overLak, promotionTaken, ...order }) => [order.id, { order, username, overLak, promotionTaken }]),
      );
      const paidNow = [...paidIds].map((id) => orders.get(id)!);
      // over the agency's amount: held for staff review, the credit not sent (decision 162)
      const held = await holdForReview(tx, paidNow);
      for (const id of held) orders.get(id)!.order.status = 'REVIEW';
      const requested = await bookPayments({ transfers, promotions }, tx, paidNow, { held });
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

  const group = new GroupCommit(markPaidMany, { maxItems: 256 });
  return (orderId: string, payment: ConfirmedPayment): Promise<DepositOrderRow> => group.run({ orderId, payment });
}
