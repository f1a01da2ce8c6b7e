import { and, eq, sql } from 'drizzle-orm';
import { queryRowsPrepared, uuidArray } from '../../db/client.js';
import { depositOrders, type DepositOrderRow } from '../../db/schema/index.js';
import type { SettledManyHandler } from '../../ledger/transfers/index.js';
import { BankGatewayUnavailableError } from '../../payments/index.js';
import type { Confirmation, StatusCalls } from './deposits.confirmations.js';
import { gatewayCannotBeAsked, paymentMismatch } from './deposits.errors.js';
import { createMarkPaid } from './deposits.paid.js';
import { keepUnmatchedPayment } from './deposits.unmatched.js';
import type { PromotionsService } from '../promotions/index.js';
import type { DepositsServiceDependencies } from './deposits.types.js';

export type DepositSettlementDependencies = Pick<DepositsServiceDependencies, 'db' | 'log' | 'bankGateways' | 'transfers' | 'promotions'>;

/** How an order is found paid (or not) and closed: the gateway's word, the PAID mark, the cancel. */
export function createDepositSettlement(deps: DepositSettlementDependencies) {
  const { db, log, bankGateways } = deps;
  const markPaid = createMarkPaid(deps);

  /**
   * Asks the gateway's status API about an order and settles it when it is paid (DESIGN.md §5: a
   * callback is only a hint). A paid answer whose amount or currency differs from the order is not
   * credited: PAYMENT_MISMATCH, for staff. Throws BANK_GATEWAY_UNAVAILABLE when the gateway cannot say.
   */
  async function confirmWithGateway(
    order: DepositOrderRow,
    /** the bound on status calls at once that the call goes through (PaymentConfirmations'); none by default */
    statusCalls: StatusCalls = (call) => call(),
  ): Promise<Confirmation> {
    let status;
    try {
      const gateway = await bankGateways.for(order.agencyId, order.bank);
      status = await statusCalls(() => gateway.status(order.gatewayReference));
    } catch (err) {
      if (err instanceof BankGatewayUnavailableError) throw gatewayCannotBeAsked();
      throw err;
    }
    if (status.status !== 'PAID') return { paid: false, order };
    if (status.amountLak !== order.amountLak || status.currency !== 'LAK') {
      log.warn({ orderId: order.id, paid: String(status.amountLak), currency: status.currency }, 'deposit paid with another amount');
      // not credited: the kip is kept for staff to refund (docs/decisions/059)
      await keepUnmatchedPayment(db, {
        agencyId: order.agencyId,
        orderId: order.id,
        gatewayReference: order.gatewayReference,
        bankReference: status.bankReference,
        amountLak: status.amountLak,
        currency: status.currency,
        paidAt: status.paidAt,
        reason: 'AMOUNT_MISMATCH',
      });
      throw paymentMismatch();
    }
    return { paid: true, order: await markPaid(order.id, { bankReference: status.bankReference, paidAt: status.paidAt }) };
  }

  /**
   * OPEN → CANCELED; an order settled meanwhile (a callback won the race) is answered as it is. The
   * bill is disabled at the bank first (JDB disableBillNumber…), so that nobody pays it afterwards;
   * a bank that cannot be asked does not keep the order open: a late payment is still credited.
   */
  async function cancelIfOpen(order: DepositOrderRow, reason: 'PLAYER' | 'EXPIRED'): Promise<DepositOrderRow> {
    const { id } = order;
    try {
      await (await bankGateways.for(order.agencyId, order.bank)).disableBill(order.gatewayReference);
    } catch (err) {
      if (!(err instanceof BankGatewayUnavailableError)) throw err;
      log.warn({ orderId: id, err: err.message }, 'deposit bill not disabled at the bank');
    }
    const [updated] = await db
      .update(depositOrders)
      .set({ status: 'CANCELED', cancelReason: reason, updatedAt: sql`now()` })
      .where(and(eq(depositOrders.id, id), eq(depositOrders.status, 'OPEN')))
      .returning();
    if (updated) return updated;
    const [current] = await db.select().from(depositOrders).where(eq(depositOrders.id, id));
    return current!;
  }

  return { confirmWithGateway, cancelIfOpen };
}

export type DepositSettlement = ReturnType<typeof createDepositSettlement>;

/**
 * POSTED → SUCCESS, VOIDED → FAILED (the credit waits at EXCHANGE(THB) for staff to retry); one
 * statement for all. A VOIDED deposit's bonus goes back to the promotion account in the same
 * transaction (docs/decisions/045): only the player's own credit waits for staff.
 */
export const settleDepositTransfers =
  (promotions: Pick<PromotionsService, 'returnVoidedBonuses'>): SettledManyHandler =>
  async (tx, settled) => {
    const moves = settled
      .filter(({ transfer }) => transfer.orderId)
      .map(({ transfer, outcome }) => ({ id: transfer.orderId!, status: outcome === 'POSTED' ? 'SUCCESS' : 'FAILED' }));
    if (moves.length === 0) return;
    await queryRowsPrepared(
      tx,
      'deposits_settled',
      sql`UPDATE deposit_orders d SET status = m.status, updated_at = now()
            FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m (id uuid, status text)
           WHERE d.id = m.id AND d.id = ANY (${uuidArray(moves.map((m) => m.id))}::uuid[]) AND d.status = 'PAID'`,
    );
    await promotions.returnVoidedBonuses(
      tx,
      moves.filter((m) => m.status === 'FAILED').map((m) => m.id),
    );
  };
