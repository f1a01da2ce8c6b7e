import { randomInt } from 'node:crypto';
import { createSchema, type SandboxDb } from '../../db.js';

export interface JdbBill {
  billNumber: string;
  merchantId: string;
  amountLak: bigint;
  emv: string;
  disabled: boolean;
}

export interface JdbPayment {
  refNo: string;
  billNumber: string;
  amountLak: bigint;
  sourceAccount: string;
  sourceName: string;
  paidAt: Date;
}

interface BillRow {
  bill_number: string;
  merchant_id: string;
  amount: string;
  emv: string;
  disabled: boolean;
}
interface PaymentRow {
  ref_no: string;
  bill_number: string;
  amount: string;
  source_account: string;
  source_name: string;
  paid_at: Date;
}

const BILL = 'bill_number, merchant_id, amount_lak::text AS amount, emv, disabled';
const PAYMENT = 'ref_no, bill_number, amount_lak::text AS amount, source_account, source_name, paid_at';
const bill = (r: BillRow): JdbBill => ({
  billNumber: r.bill_number,
  merchantId: r.merchant_id,
  amountLak: BigInt(r.amount),
  emv: r.emv,
  disabled: r.disabled,
});
const payment = (r: PaymentRow): JdbPayment => ({
  refNo: r.ref_no,
  billNumber: r.bill_number,
  amountLak: BigInt(r.amount),
  sourceAccount: r.source_account,
  sourceName: r.source_name,
  paidAt: r.paid_at,
});

/** JDB's dynamic QR bills and their payments, in the sandbox's database; a bill is paid once. */
export class JdbStore {
  constructor(private readonly db: SandboxDb) {}

  async init(): Promise<void> {
    await createSchema(
      this.db,
      `
      CREATE TABLE IF NOT EXISTS jdb_bills (
        bill_number text PRIMARY KEY,
        merchant_id text NOT NULL,
        amount_lak bigint NOT NULL CHECK (amount_lak > 0),
        emv text NOT NULL,
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE IF NOT EXISTS jdb_payments (
        ref_no text PRIMARY KEY,
        bill_number text NOT NULL UNIQUE REFERENCES jdb_bills (bill_number),
        amount_lak bigint NOT NULL,
        source_account text NOT NULL,
        source_name text NOT NULL,
        paid_at timestamptz NOT NULL
      )`,
    );
  }

  /** The bill, new or as it was: `created` false when the bill number was taken before. */
  async create(b: Omit<JdbBill, 'disabled'>): Promise<{ bill: JdbBill; created: boolean }> {
    const res = await this.db.query<BillRow>(
      `INSERT INTO jdb_bills (bill_number, merchant_id, amount_lak, emv) VALUES ($1, $2, $3, $4)
       ON CONFLICT (bill_number) DO NOTHING RETURNING ${BILL}`,
      [b.billNumber, b.merchantId, b.amountLak.toString(), b.emv],
    );
    if (res.rows[0]) return { bill: bill(res.rows[0]), created: true };
    return { bill: (await this.find(b.billNumber))!, created: false };
  }

  async find(billNumber: string): Promise<JdbBill | null> {
    const res = await this.db.query<BillRow>(`SELECT ${BILL} FROM jdb_bills WHERE bill_number = $1`, [billNumber]);
    return res.rows[0] ? bill(res.rows[0]) : null;
  }

  async disable(billNumber: string): Promise<boolean> {
    const res = await this.db.query(`UPDATE jdb_bills SET disabled = true WHERE bill_number = $1 RETURNING bill_number`, [billNumber]);
    return res.rows.length > 0;
  }

  /** Pays an enabled, unpaid bill; null when it was paid or disabled meanwhile. */
  async pay(b: JdbBill, payerBank: string, now = new Date()): Promise<JdbPayment | null> {
    const refNo = `${payerBank.toUpperCase().slice(0, 3)}MBQR${now.toISOString().slice(2, 10).replaceAll('-', '')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const res = await this.db.query<PaymentRow>(
      `INSERT INTO jdb_payments (ref_no, bill_number, amount_lak, source_account, source_name, paid_at)
       SELECT $1, bill_number, amount_lak, $3, $4, $5 FROM jdb_bills WHERE bill_number = $2 AND NOT disabled
       ON CONFLICT (bill_number) DO NOTHING RETURNING ${PAYMENT}`,
      [refNo, b.billNumber, `0012001001${String(randomInt(0, 1e7)).padStart(7, '0')}`, 'SANDBOX PAYER', now.toISOString()],
    );
    return res.rows[0] ? payment(res.rows[0]) : null;
  }

  async paymentOfBill(billNumber: string): Promise<JdbPayment | null> {
    const res = await this.db.query<PaymentRow>(`SELECT ${PAYMENT} FROM jdb_payments WHERE bill_number = $1`, [billNumber]);
    return res.rows[0] ? payment(res.rows[0]) : null;
  }

  async paymentByRef(refNo: string): Promise<JdbPayment | null> {
    const res = await this.db.query<PaymentRow>(`SELECT ${PAYMENT} FROM jdb_payments WHERE ref_no = $1`, [refNo]);
    return res.rows[0] ? payment(res.rows[0]) : null;
  }
}
