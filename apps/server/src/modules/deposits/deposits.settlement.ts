import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { depositOrders, players, type DepositOrderRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { ensureAccounts, houseKey, post } from '../../ledger/ledger.js';
import { BankGatewayUnavailableError } from '../../payments/index.js';

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
export async function confirmWithGateway(app: FastifyInstance, order: DepositOrderRow): Promise<Confirmation> {
  let status;
  try {
    status = await app.bankGateway.status(order.gatewayReference);
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
 */
export async function markPaid(app: FastifyInstance, orderId: string, payment: ConfirmedPayment): Promise<DepositOrderRow> {
  const { order, requested } = await app.db.transaction(async (tx) => {
    // one statement: the row lock, the check that it was not paid before, the change; a second
    // callback of the same payment waits here on the first and then finds the reference set
    const paidAt = payment.paidAt.toISOString();
    const [paid] = await tx
      .update(depositOrders)
      .set({
        status: 'PAID',
        bankReference: payment.bankReference,
        paidAt: payment.paidAt,
        paidLate: sql`${depositOrders.status} = 'CANCELED' OR ${paidAt}::timestamptz > ${depositOrders.expiresAt}`,
        updatedAt: sql`now()`,
      })
      .from(players)
      .where(and(eq(depositOrders.id, orderId), isNull(depositOrders.bankReference), eq(players.id, depositOrders.playerId), eq(players.agencyId, depositOrders.agencyId)))
      .returning({ ...getTableColumns(depositOrders), username: players.username });
    if (paid) {
      const { username, ...row } = paid;
      await bookPayment(app, tx, row, username);
      return { order: row, requested: true };
    }
    const [order] = await tx.select().from(depositOrders).where(eq(depositOrders.id, orderId));
    if (!order) throw new AppError('NOT_FOUND', 'no such deposit');
    if (order.bankReference !== payment.bankReference) {
      // a second payment of one QR: the gateway should refuse it; the first one stands
      app.log.warn({ orderId, first: order.bankReference, second: payment.bankReference }, 'deposit paid twice');
    }
    return { order, requested: false };
  });
  // the transfer is committed: the worker of this process takes it now rather than at its next poll
  if (requested) app.worker.wake();
  return order;
}

/**
 * The kip first, then the transfer: the first posting's row locks on the house accounts queue
 * concurrent settlements before the transfer's foreign keys take shares on EXCHANGE(THB), which a
 * later FOR UPDATE on it would otherwise turn into a deadlock between two settlements. The five
 * accounts of both postings are looked up in one query.
 */
async function bookPayment(app: FastifyInstance, tx: Tx, order: DepositOrderRow, username: string) {
  const { agencyId, playerId, providerId } = order;
  const [clearing, exchangeLak, exchangeThb, inFlight, credit] = await ensureAccounts(tx, [
    houseKey({ agencyId, playerId, type: 'BANK_CLEARING', currency: 'LAK' }),
    houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'LAK' }),
    houseKey({ agencyId, playerId, type: 'EXCHANGE', currency: 'THB' }),
    ...app.transfers.playerAccountKeys(agencyId, playerId, providerId),
  ]);
  await post(tx, {
    agencyId,
    reference: `deposit:${order.id}:paid`,
    kind: 'deposit:paid',
    entries: [{ from: clearing, to: exchangeLak, currency: 'LAK', amount: order.amountLak }],
    metadata: { orderId: order.id, transactionCode: order.transactionCode, bankReference: order.bankReference },
  });
  await app.transfers.request(
    tx,
    {
      agencyId,
      playerId,
      username,
      providerId,
      direction: 'IN',
      amount: order.creditThb,
      reference: `dep:${order.id}`,
      kind: DEPOSIT_TRANSFER_KIND,
      orderId: order.id,
      counterAccountId: exchangeThb,
    },
    [inFlight, credit],
  );
}

/** POSTED → SUCCESS, VOIDED → FAILED (the credit waits at EXCHANGE(THB) for staff to retry). */
export function registerDepositSettlement(app: FastifyInstance) {
  app.transfers.onSettled(DEPOSIT_TRANSFER_KIND, async (tx, transfer, outcome) => {
    if (!transfer.orderId) return;
    await tx
      .update(depositOrders)
      .set({ status: outcome === 'POSTED' ? 'SUCCESS' : 'FAILED', updatedAt: sql`now()` })
      .where(and(eq(depositOrders.id, transfer.orderId), eq(depositOrders.status, 'PAID')));
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
