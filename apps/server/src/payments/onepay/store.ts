import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { OnePayMessage } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { onepayPayments, type OnepayPaymentRow } from '../../db/schema/index.js';
import type { BankBillStatus, BankTransaction } from '../bank-gateway.js';

/**
 * Keeps one payment message of an agency's channel, once per (mcid, fccref): a message delivered
 * again (the 30 minutes replayed on every reconnect, or heard by every server instance) changes
 * nothing. Answers whether this delivery was the first.
 */
export async function recordOnePayPayment(db: Db | Tx, agencyId: string, message: OnePayMessage, timetoken: string): Promise<boolean> {
  const [row] = await db
    .insert(onepayPayments)
    .values({
      agencyId,
      mcid: message.mcid,
      shopcode: message.shopcode ?? null,
      uuid: message.uuid,
      invoice: message.invoiceid ?? null,
      amountLak: BigInt(message.amount),
      ccy: message.ccy,
      fccref: message.fccref,
      ticket: message.ticket ?? null,
      payerName: message.name ?? null,
      payerAccount: message.account ?? null,
      paidAt: new Date(message.txtime),
      timetoken,
    })
    .onConflictDoNothing({ target: [onepayPayments.mcid, onepayPayments.fccref] })
    .returning({ id: onepayPayments.id });
  return row !== undefined;
}

/**
 * The OnePay "status call": OnePay has none at the bank, the bank's own message is its word
 * (docs/decisions/130). PAID with the first payment recorded for this transaction uuid on the
 * agency's channels (a second payment of the same QR is kept too, and told apart by its fccref);
 * UNPAID while none came. The caller compares the amount with the order's.
 */
export async function onePayStatus(db: Db | Tx, agencyId: string, uuid: string): Promise<BankBillStatus> {
  const [first] = await db
    .select()
    .from(onepayPayments)
    .where(and(eq(onepayPayments.agencyId, agencyId), eq(onepayPayments.uuid, uuid)))
    .orderBy(asc(onepayPayments.paidAt), asc(onepayPayments.timetoken))
    .limit(1);
  if (!first) return { status: 'UNPAID', reference: uuid };
  return {
    status: 'PAID',
    reference: uuid,
    bankReference: first.fccref,
    amountLak: first.amountLak,
    currency: currencyOf(first.ccy),
    paidAt: first.paidAt,
    payer: { account: first.payerAccount, name: first.payerName },
  };
}

const currencyOf = (ccy: string) => (ccy === '418' ? 'LAK' : ccy);

function transaction(row: OnepayPaymentRow): BankTransaction {
  return {
    reference: row.uuid,
    bankReference: row.fccref,
    amountLak: row.amountLak,
    currency: currencyOf(row.ccy),
    paidAt: row.paidAt,
    payer: { account: row.payerAccount, name: row.payerName },
  };
}

/** The payment recorded under this fccref on the agency's channels, or null. */
export async function onePayPayment(db: Db | Tx, agencyId: string, fccref: string): Promise<BankTransaction | null> {
  const [row] = await db
    .select()
    .from(onepayPayments)
    .where(and(eq(onepayPayments.agencyId, agencyId), eq(onepayPayments.fccref, fccref)));
  return row ? transaction(row) : null;
}

/** The payments recorded for the agency with `from <= paid_at < to`, oldest first (reconciliation). */
export async function onePayPayments(db: Db | Tx, agencyId: string, from: Date, to: Date): Promise<BankTransaction[]> {
  const rows = await db
    .select()
    .from(onepayPayments)
    .where(and(eq(onepayPayments.agencyId, agencyId), gte(onepayPayments.paidAt, from), lt(onepayPayments.paidAt, to)))
    .orderBy(asc(onepayPayments.paidAt));
  return rows.map(transaction);
}
