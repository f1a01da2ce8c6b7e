import type { Db } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { unmatchedPayments, type UnmatchedReason } from '../../db/schema/index.js';
import { ensureAccounts, houseKey, postMany } from '../../ledger/ledger.js';

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

/**
 * The bank's kip of an unmatched payment in the ledger: BANK_CLEARING ⇄ EXCHANGE(LAK), the house
 * copies chosen by the payment's own id (it may have no player). `received` when it is kept, the
 * other way when staff refund it (docs/decisions/059).
 */
export async function unmatchedAccounts(tx: Parameters<typeof ensureAccounts>[0], agencyId: string, paymentId: string) {
  const [clearing, exchange] = await ensureAccounts(tx, [
    houseKey({ agencyId, playerId: paymentId, type: 'BANK_CLEARING', currency: 'LAK' }),
    houseKey({ agencyId, playerId: paymentId, type: 'EXCHANGE', currency: 'LAK' }),
  ]);
  return { clearing, exchange };
}

/** One move of kip between two accounts, as one ledger transaction (receipts and refunds). */
export const postKip = (
  tx: Parameters<typeof postMany>[0],
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
    // LAO QR pays kip; a payment in another currency is kept for staff but not booked
    if (p.currency === 'LAK') {
      const { clearing, exchange } = await unmatchedAccounts(tx, p.agencyId, row.id);
      await postKip(tx, {
        agencyId: p.agencyId,
        reference: `unmatched:${row.id}:received`,
        kind: 'unmatched:received',
        from: clearing,
        to: exchange,
        amount: p.amountLak,
        metadata: { paymentId: row.id, bankReference: p.bankReference, reason: p.reason },
      });
    }
    return true;
  });
}
