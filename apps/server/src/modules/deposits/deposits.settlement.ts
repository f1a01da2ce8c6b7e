import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { queryRowsPrepared, uuidArray, type Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { GroupCommit, type ItemResult } from '../../db/group-commit.js';
import { depositOrders, players, type DepositOrderRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { ensureAccounts, houseKey } from '../../ledger/ledger.js';
import type { Transfer } from '../../ledger/transfers.js';
import { BankGatewayUnavailableError } from '../../payments/index.js';
import type { StatusCalls } from './deposits.confirmations.js';

/** The kind of the provider transfers of deposits (app.transfers.onSettled). */
export const DEPOSIT_TRANSFER_KIND = 'deposit';

export interface ConfirmedPayment {
  bankReference: string;
  paidAt: Date;
}

export type Confirmation = { paid: true; order: DepositOrderRow } | { paid: false; order: DepositOrderRow };

/**
 * Asks the gateway's status API about an order and settles it when it is paid (DESIGN.md §5: a
 * callback is only a hint). A paid answer whose amount or currency differs from the order is not
 * credited: PAYMENT_MISMATCH, for staff. Throws BANK_GATEWAY_UNAVAILABLE when the gateway cannot say.
 */
export async function confirmWithGateway(
  app: FastifyInstance,
  order: DepositOrderRow,
  /** the bound on status calls at once that the call goes through (PaymentConfirmations'); none by default */
  statusCalls: StatusCalls = (call) => call(),
): Promise<Confirmation> {
  let status;
  try {
    status = await statusCalls(() => app.bankGateway.status(order.gatewayReference));
  } catch (err) {
    if (err instanceof BankGatewayUnavailableError) {
      throw new AppError('BANK_GATEWAY_UNAVAILABLE', 'the bank cannot be asked now, try again in a moment');
    }
    throw err;
  }
  if (status.status !== 'PAID') return { paid: false, order };
  if (status.amountLak !== order.amountLak || status.currency !== 'LAK') {
    app.log.warn({ orderId: order.id, paid: String(status.amountLak), currency: status.currency }, 'deposit paid with another amount');
    throw new AppError('PAYMENT_MISMATCH', 'the payment does not match the order; staff will look at it');
  }
  return { paid: true, order: await markPaid(app, order.id, { bankReference: status.bankReference, paidAt: status.paidAt }) };
}

/**
 * Marks the order PAID once, keyed on the bank reference, and in the same transaction books the kip
 * received (LAK BANK_CLEARING → EXCHANGE) and asks for the credit to go to the provider (THB
 * EXCHANGE → the player's credit, through app.transfers), docs/decisions/009-ledger.md. A payment
 * of an expired or canceled order is credited all the same and marked paid_late (014-deposits.md).
 * The payments confirmed at the same moment are marked together, in one transaction
 * (docs/decisions/021-settlement-in-groups.md); each caller gets its own order back.
 */
export function markPaid(app: FastifyInstance, orderId: string, payment: ConfirmedPayment): Promise<DepositOrderRow> {
  let group = groups.get(app.db);
  if (!group) {
    group = new GroupCommit((items) => markPaidMany(app, items), { maxItems: 256 });
    groups.set(app.db, group);
  }
  return group.run({ orderId, payment });
}

type PaymentItem = { orderId: string; payment: ConfirmedPayment };
/** one group per database: the payments of every request of this process go through it */
const groups = new WeakMap<object, GroupCommit<PaymentItem, DepositOrderRow>>();

async function markPaidMany(app: FastifyInstance, items: PaymentItem[]): Promise<ItemResult<DepositOrderRow>[]> {
  // the first payment of an order in the group is the one applied; a later one answers as a second callback would
  const first = new Map<string, PaymentItem>();
  for (const item of items) if (!first.has(item.orderId)) first.set(item.orderId, item);
  const { orders, paidIds, transfers } = await transactionWithRetry(app.db, async (tx) => {
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
    const transfers = await bookPayments(
      app,
      tx,
      [...paidIds].map((id) => orders.get(id)!),
    );
    return { orders, paidIds, transfers };
  });
  // the transfers are committed: this process tells the providers now (the worker is the fallback)
  app.transfers.dispatch(transfers);
  return items.map((item): ItemResult<DepositOrderRow> => {
    const found = orders.get(item.orderId);
    if (!found) return { ok: false, error: new AppError('NOT_FOUND', 'no such deposit') };
    const applied = paidIds.has(item.orderId) && first.get(item.orderId) === item;
    if (!applied && found.order.bankReference !== item.payment.bankReference) {
      // a second payment of one QR: the gateway should refuse it; the first one stands
      app.log.warn({ orderId: item.orderId, first: found.order.bankReference, second: item.payment.bankReference }, 'deposit paid twice');
    }
    return { ok: true, value: found.order };
  });
}

/**
 * The kip and the transfers' reservations in one ledger call, which locks every account of the
 * group in id order before the transfers' foreign keys take shares on EXCHANGE(THB) (the other way
 * round, a later FOR UPDATE on it could deadlock two settlements). The five accounts of each order
 * are looked up in one query for the whole group.
 */
async function bookPayments(app: FastifyInstance, tx: Tx, paid: { order: DepositOrderRow; username: string }[]): Promise<Transfer[]> {
  if (paid.length === 0) return [];
  const keys = paid.map(({ order: { agencyId, playerId, providerId } }) => [
    houseKey({ agencyId, playerId, type: 'BANK_CLEARING', currency: 'LAK' }),
    houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'LAK' }),
    houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'THB' }),
    ...app.transfers.playerAccountKeys(agencyId, playerId, providerId),
  ]);
  const ids = await ensureAccounts(tx, keys.flat());
  const accounts = paid.map((_, i) => ids.slice(i * 5, i * 5 + 5) as [string, string, string, string, string]);
  const kip = paid.map(({ order }, i) => ({
    agencyId: order.agencyId,
    reference: `deposit:${order.id}:paid`,
    kind: 'deposit:paid',
    entries: [{ from: accounts[i]![0], to: accounts[i]![1], currency: 'LAK' as const, amount: order.amountLak }],
    metadata: { orderId: order.id, transactionCode: order.transactionCode, bankReference: order.bankReference },
  }));
  const requested = await app.transfers.requestMany(
    tx,
    paid.map(({ order, username }, i) => ({
      params: {
        agencyId: order.agencyId,
        playerId: order.playerId,
        username,
        providerId: order.providerId,
        direction: 'IN' as const,
        amount: order.creditThb,
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

/** POSTED → SUCCESS, VOIDED → FAILED (the credit waits at EXCHANGE(THB) for staff to retry); one statement for all. */
export function registerDepositSettlement(app: FastifyInstance) {
  app.transfers.onSettledMany(DEPOSIT_TRANSFER_KIND, async (tx, settled) => {
    const moves = settled
      .filter(({ transfer }) => transfer.orderId)
      .map(({ transfer, outcome }) => ({ id: transfer.orderId, status: outcome === 'POSTED' ? 'SUCCESS' : 'FAILED' }));
    if (moves.length === 0) return;
    await queryRowsPrepared(
      tx,
      'deposits_settled',
      sql`UPDATE deposit_orders d SET status = m.status, updated_at = now()
            FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m (id uuid, status text)
           WHERE d.id = m.id AND d.id = ANY (${uuidArray(moves.map((m) => m.id!))}::uuid[]) AND d.status = 'PAID'`,
    );
  });
}

/** OPEN → CANCELED; an order settled meanwhile (a callback won the race) is answered as it is. */
export async function cancelIfOpen(app: FastifyInstance, id: string, reason: 'PLAYER' | 'EXPIRED'): Promise<DepositOrderRow> {
  const [updated] = await app.db
    .update(depositOrders)
    .set({ status: 'CANCELED', cancelReason: reason, updatedAt: sql`now()` })
    .where(and(eq(depositOrders.id, id), eq(depositOrders.status, 'OPEN')))
    .returning();
  if (updated) return updated;
  // settled meanwhile (a callback won the race): answer what it became
  const [current] = await app.db.select().from(depositOrders).where(eq(depositOrders.id, id));
  return current!;
}
