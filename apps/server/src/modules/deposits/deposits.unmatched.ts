import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { unmatchedPayments, type UnmatchedReason } from '../../db/schema/index.js';
import { ensureAccounts, houseKey, postMany } from '../../ledger/ledger.js';
import { BankGatewayUnavailableError, type BankGateway, type BankNotice, type BankTransaction } from '../../payments/index.js';
import { gatewayCannotBeAsked } from './deposits.errors.js';

export interface UnmatchedPayment {
  agencyId: string;
  orderId: string | null;
  gatewayReference: string;
  bankReference: string;
  amountLak: bigint;
  currency: string;
  paidAt: Date;
  reason: UnmatchedReason;
}

/** One move of kip between two accounts, as one ledger transaction (receipts and refunds). */
const postKip = (
  tx: Tx,
  m: { agencyId: string; reference: string; kind: string; from: string; to: string; amount: bigint; metadata: Record<string, unknown> },
) =>
  postMany(tx, [
    {
      agencyId: m.agencyId,
      reference: m.reference,
      kind: m.kind,
      entries: [{ from: m.from, to: m.to, currency: 'LAK', amount: m.amount }],
      metadata: m.metadata,
    },
  ]);

/**
 * The bank's kip of an unmatched payment in the ledger, the house copies chosen by the payment's own
 * id (it may have no player): `received` BANK_CLEARING → EXCHANGE(LAK) when it is kept, `refund` the
 * other way when staff pay it back (docs/decisions/059). Each once: the reference
 * `unmatched:<id>:<move>` is unique. LAO QR pays kip; a payment in another currency is kept for staff
 * but not booked, either way.
 */
export async function bookUnmatched(
  tx: Tx,
  p: { id: string; agencyId: string; currency: string; amountLak: bigint },
  move: 'received' | 'refund',
  metadata: Record<string, unknown>,
): Promise<void> {
  if (p.currency !== 'LAK') return;
  const [clearing, exchange] = await ensureAccounts(tx, [
    houseKey({ agencyId: p.agencyId, playerId: p.id, type: 'BANK_CLEARING', currency: 'LAK' }),
    houseKey({ agencyId: p.agencyId, playerId: p.id, type: 'EXCHANGE', currency: 'LAK' }),
  ]);
  const [from, to] = move === 'received' ? [clearing, exchange] : [exchange, clearing];
  await postKip(tx, {
    agencyId: p.agencyId,
    reference: `unmatched:${p.id}:${move}`,
    kind: `unmatched:${move}`,
    from,
    to,
    amount: p.amountLak,
    metadata: { paymentId: p.id, ...metadata },
  });
}

/**
 * A FAILED order's kip paid back to the payer by staff: EXCHANGE(LAK) → BANK_CLEARING of the order's
 * house copies, once (the reference `deposit:<id>:refund` is unique), in the caller's transaction.
 */
export async function refundOrderKip(
  tx: Tx,
  order: { id: string; agencyId: string; playerId: string; amountLak: bigint },
  bankReference: string,
): Promise<void> {
  const [exchange, clearing] = await ensureAccounts(tx, [
    houseKey({ agencyId: order.agencyId, playerId: order.playerId, type: 'EXCHANGE', currency: 'LAK' }),
    houseKey({ agencyId: order.agencyId, playerId: order.playerId, type: 'BANK_CLEARING', currency: 'LAK' }),
  ]);
  await postKip(tx, {
    agencyId: order.agencyId,
    reference: `deposit:${order.id}:refund`,
    kind: 'deposit:refund',
    from: exchange,
    to: clearing,
    amount: order.amountLak,
    metadata: { orderId: order.id, bankReference },
  });
}

/**
 * Keeps a payment the bank reported that credits no order, once per bank reference (a repeated
 * callback finds it kept), and books its kip in the same transaction: staff see it among the
 * deposits needing attention and refund it. Answers whether it was new.
 */
export async function keepUnmatchedPayment(db: Db, p: UnmatchedPayment): Promise<boolean> {
  return transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .insert(unmatchedPayments)
      .values(p)
      .onConflictDoNothing({ target: unmatchedPayments.bankReference })
      .returning({ id: unmatchedPayments.id });
    if (!row) return false;
    await bookUnmatched(tx, { ...p, id: row.id }, 'received', { bankReference: p.bankReference, reason: p.reason });
    return true;
  });
}

/**
 * A notice naming a payment that credits no order (no such bill, or a bill already paid with
 * another bank reference) is only a claim: anyone who learns the callback secret or replays a
 * notice could name any amount. The payment counts only as the bank itself reports it, asked by
 * its bank reference, and only for the bill the notice named; what is booked is the bank's amount,
 * never the notice's. Null when the bank booked no such payment. Throws BANK_GATEWAY_UNAVAILABLE
 * (the bank sends its notice again) when the bank cannot be asked.
 */
export async function confirmUnmatched(gateway: BankGateway, notice: BankNotice, log: FastifyBaseLogger): Promise<BankTransaction | null> {
  let payment: BankTransaction | null;
  try {
    // a notice without a bank reference (LVB's) is asked about by its bill: the payment the bank booked for it
    if (notice.bankReference !== null) payment = await gateway.payment(notice.bankReference);
    else {
      const status = await gateway.status(notice.reference);
      payment = status.status === 'PAID' ? status : null;
    }
  } catch (err) {
    if (err instanceof BankGatewayUnavailableError) throw gatewayCannotBeAsked();
    throw err;
  }
  if (!payment || payment.reference !== notice.reference) {
    log.warn(
      { reference: notice.reference, bankReference: notice.bankReference, claimed: String(notice.amountLak) },
      'notice of a payment the bank does not confirm',
    );
    return null;
  }
  return payment;
}
