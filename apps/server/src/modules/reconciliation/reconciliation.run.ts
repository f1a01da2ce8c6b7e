import pLimit from 'p-limit';
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { DEPOSIT_EXPIRY_MINUTES, type BankCode, type ReconciliationMethod } from '@app/contracts';
import { textArray, type Db } from '../../db/client.js';
import { depositOrders, unmatchedPayments } from '../../db/schema/index.js';
import { BankGatewayRefusedError, type BankGateway, type BankGateways, type BankTransaction } from '../../payments/index.js';
import { amountDiffers, compareWithBank, unknownAtBank, type Difference, type OurPayment } from './reconciliation.compare.js';

/** The bank's list is read this far past both ends of the day: clocks and booking times differ a little. */
const LIST_MARGIN_MS = 60 * 60_000;
/** bank calls at once while one bank is reconciled (JDB's per-bill questions, lookups by reference) */
const BANK_CALLS_AT_ONCE = 4;
/** Lao time is UTC+7 all year */
const LAO_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Lao calendar day of an instant, YYYY-MM-DD. */
export const laoDayOf = (at: Date) => new Date(at.getTime() + LAO_OFFSET_MS).toISOString().slice(0, 10);
/** The instants a Lao day runs between. */
export const laoDayWindow = (day: string) => {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - LAO_OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
};

export interface ReconcileInput {
  agencyId: string;
  bank: BankCode;
  /** the Lao day reconciled */
  day: string;
}

export interface Reconciled {
  method: ReconciliationMethod;
  /** payments compared: the bank's in the window and ours */
  checked: number;
  differences: Difference[];
}

export interface ReconcileDependencies {
  db: Db;
  bankGateways: Pick<BankGateways, 'for'>;
}

const ourPaymentOfOrder = (o: {
  bankReference: string | null;
  amountLak: bigint;
  paidAt: Date | null;
  createdAt: Date;
  gatewayReference: string;
  id: string;
}): OurPayment => ({
  bankReference: o.bankReference!,
  amountLak: o.amountLak,
  paidAt: o.paidAt ?? o.createdAt,
  gatewayReference: o.gatewayReference,
  orderId: o.id,
  unmatchedPaymentId: null,
});
const ourPaymentOfUnmatched = (u: typeof unmatchedPayments.$inferSelect): OurPayment => ({
  bankReference: u.bankReference,
  amountLak: u.amountLak,
  paidAt: u.paidAt,
  gatewayReference: u.gatewayReference,
  orderId: u.orderId,
  unmatchedPaymentId: u.id,
});

/**
 * What we recorded at this bank in the window: the credited orders (a bank reference: PAID, SUCCESS,
 * FAILED) and the unmatched payments of its orders. An unmatched payment naming no order cannot be
 * placed at a bank: it is compared only when the bank lists it.
 */
async function oursInWindow(db: Db, { agencyId, bank }: ReconcileInput, from: Date, to: Date): Promise<OurPayment[]> {
  const [orders, unmatched] = await Promise.all([
    db
      .select()
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.agencyId, agencyId),
          eq(depositOrders.bank, bank),
          isNotNull(depositOrders.bankReference),
          gte(depositOrders.paidAt, from),
          lt(depositOrders.paidAt, to),
        ),
      ),
    db
      .select({ u: unmatchedPayments })
      .from(unmatchedPayments)
      .innerJoin(depositOrders, eq(depositOrders.id, unmatchedPayments.orderId))
      .where(
        and(
          eq(unmatchedPayments.agencyId, agencyId),
          eq(depositOrders.bank, bank),
          gte(unmatchedPayments.paidAt, from),
          lt(unmatchedPayments.paidAt, to),
        ),
      ),
  ]);
  return [...orders.map(ourPaymentOfOrder), ...unmatched.map((r) => ourPaymentOfUnmatched(r.u))];
}

/** What we recorded under these bank references in the agency, whatever its day or bank. */
async function oursByReference(db: Db, agencyId: string, refs: string[]): Promise<Map<string, OurPayment>> {
  const found = new Map<string, OurPayment>();
  if (refs.length === 0) return found;
  const any = sql`ANY (${textArray(refs)}::text[])`;
  const [orders, unmatched] = await Promise.all([
    db
      .select()
      .from(depositOrders)
      .where(and(eq(depositOrders.agencyId, agencyId), sql`${depositOrders.bankReference} = ${any}`)),
    db
      .select()
      .from(unmatchedPayments)
      .where(and(eq(unmatchedPayments.agencyId, agencyId), sql`${unmatchedPayments.bankReference} = ${any}`)),
  ]);
  for (const o of orders) found.set(o.bankReference!, ourPaymentOfOrder(o));
  for (const u of unmatched) found.set(u.bankReference, ourPaymentOfUnmatched(u));
  return found;
}

/** The orders these bill numbers name, wherever they belong: id, agency and bank. */
async function ordersByGatewayReference(db: Db, refs: string[]) {
  if (refs.length === 0) return new Map<string, { id: string; agencyId: string; bank: BankCode }>();
  const rows = await db
    .select({ id: depositOrders.id, agencyId: depositOrders.agencyId, bank: depositOrders.bank, ref: depositOrders.gatewayReference })
    .from(depositOrders)
    .where(sql`${depositOrders.gatewayReference} = ANY (${textArray(refs)}::text[])`);
  return new Map(rows.map((r) => [r.ref, r]));
}

/**
 * JDB lists nothing (decision 121): each bill of the window not credited here is asked about
 * (checkTransaction); a paid one is a payment of the bank's side. Ours are then each looked up by
 * their reference (checkTransactionByRef), as for every bank when its list does not name them.
 */
async function paidBillsOfWindow(db: Db, gateway: BankGateway, input: ReconcileInput, from: Date, to: Date) {
  const open = await db
    .select({ ref: depositOrders.gatewayReference })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.agencyId, input.agencyId),
        eq(depositOrders.bank, input.bank),
        isNull(depositOrders.bankReference),
        inArray(depositOrders.status, ['OPEN', 'CANCELED']),
        // an order made just before the day may be paid in it
        gte(depositOrders.createdAt, new Date(from.getTime() - DEPOSIT_EXPIRY_MINUTES * 60_000)),
        lt(depositOrders.createdAt, to),
      ),
    );
  const limit = pLimit(BANK_CALLS_AT_ONCE);
  const statuses = await Promise.all(open.map((o) => limit(() => gateway.status(o.ref))));
  return statuses.flatMap((s): BankTransaction[] => (s.status === 'PAID' ? [s] : []));
}

/**
 * Compares one bank's payments of one Lao day with ours (docs/decisions/138); reads only, moves
 * nothing. Throws BankGatewayUnavailableError when the bank cannot be asked (nothing is decided).
 */
export async function compareBankDay(deps: ReconcileDependencies, input: ReconcileInput, now = new Date()): Promise<Reconciled> {
  const { db } = deps;
  const window = laoDayWindow(input.day);
  const from = window.from;
  const to = new Date(Math.min(window.to.getTime(), now.getTime()));
  const gateway = await deps.bankGateways.for(input.agencyId, input.bank);
  const inWindow = await oursInWindow(db, input, from, to);

  let method: ReconciliationMethod = 'LIST';
  let listed: BankTransaction[];
  try {
    listed = await gateway.listTransactions(new Date(from.getTime() - LIST_MARGIN_MS), new Date(to.getTime() + LIST_MARGIN_MS));
  } catch (err) {
    if (!(err instanceof BankGatewayRefusedError && err.code === 'LIST_NOT_SUPPORTED')) throw err;
    method = 'PER_ORDER';
    listed = await paidBillsOfWindow(db, gateway, input, from, to);
  }
  const orders = await ordersByGatewayReference(
    db,
    listed.flatMap((t) => (t.reference ? [t.reference] : [])),
  );
  // the sandbox protocol is one merchant for every agency and bank: its list holds the payments of
  // all of them, and only those of this agency's bills at this bank are this reconciliation's
  if (gateway.protocol === 'sandbox') {
    listed = listed.filter((t) => {
      const o = t.reference ? orders.get(t.reference) : undefined;
      return o !== undefined && o.agencyId === input.agencyId && o.bank === input.bank;
    });
  }
  const ours = await oursByReference(
    db,
    input.agencyId,
    listed.map((t) => t.bankReference),
  );
  const { differences, unlisted } = compareWithBank({
    bank: listed,
    from,
    to,
    ours,
    oursInWindow: inWindow,
    orderOf: (t) => {
      const o = t.reference ? orders.get(t.reference) : undefined;
      return o && o.agencyId === input.agencyId ? o.id : null;
    },
  });
  // ours the list did not name: the bank asked about each by its reference before it is called unknown there
  const limit = pLimit(BANK_CALLS_AT_ONCE);
  const looked = await Promise.all(unlisted.map((o) => limit(async () => ({ o, t: await gateway.payment(o.bankReference) }))));
  for (const { o, t } of looked) {
    const d = t ? amountDiffers(t, o) : unknownAtBank(o);
    if (d) differences.push(d);
  }
  const bankInWindow = listed.filter((t) => t.paidAt >= from && t.paidAt < to).length;
  return { method, checked: bankInWindow + inWindow.length, differences };
}
