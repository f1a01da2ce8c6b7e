import { randomInt } from 'node:crypto';
import { createSchema, type SandboxDb } from '../db.js';

export type BankOrderStatus = 'UNPAID' | 'PAID' | 'EXPIRED';

export interface BankOrder {
  reference: string;
  payload: string;
  /** whole kip */
  amountLak: bigint;
  callbackUrl: string;
  expiresAt: Date;
  status: BankOrderStatus;
  bankReference: string | null;
  payerBank: string | null;
  paidAt: Date | null;
}

export interface NewBankOrder {
  reference: string;
  payload: string;
  amountLak: bigint;
  callbackUrl: string;
  expiresAt: Date;
}

interface Row {
  reference: string;
  payload: string;
  amount: string;
  callback_url: string;
  expires_at: Date;
  status: 'UNPAID' | 'PAID';
  bank_reference: string | null;
  payer_bank: string | null;
  paid_at: Date | null;
}

/** One payment the bank booked. */
export interface BankPayment {
  reference: string;
  bankReference: string;
  amountLak: bigint;
  payerBank: string;
  paidAt: Date;
}

interface PaymentRow {
  reference: string;
  bank_reference: string;
  amount: string;
  payer_bank: string;
  paid_at: Date;
}

const PAYMENT_COLUMNS = 'reference, bank_reference, amount_lak::text AS amount, payer_bank, paid_at';
const toPayment = (r: PaymentRow): BankPayment => ({
  reference: r.reference,
  bankReference: r.bank_reference,
  amountLak: BigInt(r.amount),
  payerBank: r.payer_bank,
  paidAt: r.paid_at,
});

const COLUMNS = 'reference, payload, amount_lak::text AS amount, callback_url, expires_at, status, bank_reference, payer_bank, paid_at';

function toOrder(row: Row, now: Date): BankOrder {
  const expired = row.status === 'UNPAID' && row.expires_at.getTime() <= now.getTime();
  return {
    reference: row.reference,
    payload: row.payload,
    amountLak: BigInt(row.amount),
    callbackUrl: row.callback_url,
    expiresAt: row.expires_at,
    status: expired ? 'EXPIRED' : row.status,
    bankReference: row.bank_reference,
    payerBank: row.payer_bank,
    paidAt: row.paid_at,
  };
}

/** The gateway's dynamic QR orders, in its own database (db.ts); EXPIRED is derived from the clock. */
export class BankStore {
  constructor(private readonly db: SandboxDb) {}

  async init(): Promise<void> {
    await createSchema(
      this.db,
      `
      CREATE TABLE IF NOT EXISTS bank_orders (
        reference text PRIMARY KEY,
        payload text NOT NULL,
        amount_lak bigint NOT NULL CHECK (amount_lak > 0),
        callback_url text NOT NULL,
        expires_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'UNPAID' CHECK (status IN ('UNPAID', 'PAID')),
        bank_reference text UNIQUE,
        payer_bank text,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'PAID') = (bank_reference IS NOT NULL AND paid_at IS NOT NULL))
      );
      -- every payment the bank booked, the first of each order's and any repeated one (the bank's
      -- lookup by reference and its transaction list read these)
      CREATE TABLE IF NOT EXISTS bank_payments (
        bank_reference text PRIMARY KEY,
        reference text NOT NULL REFERENCES bank_orders (reference),
        amount_lak bigint NOT NULL,
        payer_bank text NOT NULL,
        paid_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS bank_payments_paid_at ON bank_payments (paid_at);
      INSERT INTO bank_payments (bank_reference, reference, amount_lak, payer_bank, paid_at)
        SELECT bank_reference, reference, amount_lak, coalesce(payer_bank, 'bcel'), paid_at FROM bank_orders WHERE status = 'PAID'
        ON CONFLICT DO NOTHING`,
    );
  }

  /** The payment with this bank reference, as the bank booked it. */
  async findPayment(bankReference: string): Promise<BankPayment | null> {
    const res = await this.db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM bank_payments WHERE bank_reference = $1`, [bankReference]);
    return res.rows[0] ? toPayment(res.rows[0]) : null;
  }

  /** The payments booked from `from` (included) to `to` (excluded), oldest first. */
  async listPayments(from: Date, to: Date): Promise<BankPayment[]> {
    const res = await this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM bank_payments WHERE paid_at >= $1 AND paid_at < $2 ORDER BY paid_at, bank_reference`,
      [from.toISOString(), to.toISOString()],
    );
    return res.rows.map(toPayment);
  }

  /** A bill nobody may pay any more (the merchant disabled it): an unpaid order expires now. */
  async disable(reference: string, now = new Date()): Promise<BankOrder | null> {
    await this.db.query(`UPDATE bank_orders SET expires_at = $2 WHERE reference = $1 AND status = 'UNPAID' AND expires_at > $2`, [
      reference,
      now.toISOString(),
    ]);
    return this.find(reference, now);
  }

  /** Books one more payment of an already paid order (the repeatPayments knob): the order's view with that payment. */
  async repeatPayment(order: BankOrder, payerBank: string, now = new Date()): Promise<BankOrder> {
    const bankReference = newBankReference(payerBank, now);
    await this.db.query(
      `INSERT INTO bank_payments (bank_reference, reference, amount_lak, payer_bank, paid_at) VALUES ($1, $2, $3, $4, $5)`,
      [bankReference, order.reference, order.amountLak.toString(), payerBank, now.toISOString()],
    );
    return { ...order, bankReference, payerBank, paidAt: now };
  }

  /** Inserts the order; an existing reference is left alone and returned as `existing`. */
  async create(order: NewBankOrder, now = new Date()): Promise<{ order: BankOrder; created: boolean }> {
    const inserted = await this.db.query<Row>(
      `INSERT INTO bank_orders (reference, payload, amount_lak, callback_url, expires_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (reference) DO NOTHING RETURNING ${COLUMNS}`,
      [order.reference, order.payload, order.amountLak.toString(), order.callbackUrl, order.expiresAt.toISOString()],
    );
    if (inserted.rows[0]) return { order: toOrder(inserted.rows[0], now), created: true };
    const existing = await this.find(order.reference, now);
    if (!existing) throw new Error(`order ${order.reference} vanished`);
    return { order: existing, created: false };
  }

  async find(reference: string, now = new Date()): Promise<BankOrder | null> {
    // the status API's one statement, named: planned once per connection (db.ts)
    const res = await this.db.query<Row>(`SELECT ${COLUMNS} FROM bank_orders WHERE reference = $1`, [reference], 'bank_order_find');
    return res.rows[0] ? toOrder(res.rows[0], now) : null;
  }

  /**
   * Marks an unpaid, unexpired order PAID with a new unique bank reference. Returns null when the
   * order was not payable any more (paid or expired meanwhile): the caller re-reads it to say why.
   */
  async markPaid(reference: string, payerBank: string, now = new Date()): Promise<BankOrder | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const bankReference = newBankReference(payerBank, now);
      try {
        const res = await this.db.query<Row>(
          `WITH paid AS (
             UPDATE bank_orders SET status = 'PAID', bank_reference = $2, payer_bank = $3, paid_at = $4
              WHERE reference = $1 AND status = 'UNPAID' AND expires_at > $4 RETURNING *
           ), booked AS (
             INSERT INTO bank_payments (bank_reference, reference, amount_lak, payer_bank, paid_at)
             SELECT bank_reference, reference, amount_lak, payer_bank, paid_at FROM paid
           )
           SELECT ${COLUMNS} FROM paid`,
          [reference, bankReference, payerBank, now.toISOString()],
        );
        return res.rows[0] ? toOrder(res.rows[0], now) : null;
      } catch (err) {
        // a bank reference drawn twice: draw again
        if ((err as { code?: string }).code !== '23505') throw err;
      }
    }
    throw new Error('could not draw a unique bank reference');
  }
}

/** `BCEL261122` + 10 random digits: the paying bank, the day, a number no other payment has. */
function newBankReference(payerBank: string, now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const digits = String(randomInt(0, 1e10)).padStart(10, '0');
  return `${payerBank.toUpperCase().slice(0, 4)}${day}${digits}`;
}
