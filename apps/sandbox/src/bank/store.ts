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
      )`,
    );
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
          `UPDATE bank_orders SET status = 'PAID', bank_reference = $2, payer_bank = $3, paid_at = $4
           WHERE reference = $1 AND status = 'UNPAID' AND expires_at > $4 RETURNING ${COLUMNS}`,
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
