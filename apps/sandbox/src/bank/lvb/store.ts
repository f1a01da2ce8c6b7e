import { randomInt } from 'node:crypto';
import { createSchema, type SandboxDb } from '../../db.js';

export interface LvbBill {
  billId: string;
  merchantId: string;
  amountLak: bigint;
  description: string;
  emv: string;
  callbackUrl: string;
  createdAt: Date;
  expiresAt: Date;
  /** the payment, once made */
  seq: string | null;
  payerName: string | null;
  payingAccount: string | null;
  paidAt: Date | null;
}

interface BillRow {
  bill_id: string;
  merchant_id: string;
  amount: string;
  description: string;
  emv: string;
  callback_url: string;
  created_at: Date;
  expires_at: Date;
  seq: string | null;
  payer_name: string | null;
  paying_acc: string | null;
  paid_at: Date | null;
}

const COLUMNS =
  'bill_id, merchant_id, amount_lak::text AS amount, description, emv, callback_url, created_at, expires_at, seq, payer_name, paying_acc, paid_at';
const bill = (r: BillRow): LvbBill => ({
  billId: r.bill_id,
  merchantId: r.merchant_id,
  amountLak: BigInt(r.amount),
  description: r.description,
  emv: r.emv,
  callbackUrl: r.callback_url,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  seq: r.seq,
  payerName: r.payer_name,
  payingAccount: r.paying_acc,
  paidAt: r.paid_at,
});

/** LVB's QR bills (type 809) in the sandbox's database: each paid once, before it expires at the bank. */
export class LvbStore {
  constructor(private readonly db: SandboxDb) {}

  async init(): Promise<void> {
    await createSchema(
      this.db,
      `
      CREATE TABLE IF NOT EXISTS lvb_bills (
        bill_id text PRIMARY KEY,
        merchant_id text NOT NULL,
        amount_lak bigint NOT NULL CHECK (amount_lak > 0),
        description text NOT NULL,
        emv text NOT NULL,
        callback_url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        seq text UNIQUE,
        payer_name text,
        paying_acc text,
        paid_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS lvb_bills_paid_at ON lvb_bills (paid_at) WHERE paid_at IS NOT NULL`,
    );
  }

  /** The bill, new or as it was: `created` false when the bill id was taken before. */
  async create(
    b: Pick<LvbBill, 'billId' | 'merchantId' | 'amountLak' | 'description' | 'emv' | 'callbackUrl' | 'expiresAt'>,
  ): Promise<{ bill: LvbBill; created: boolean }> {
    const res = await this.db.query<BillRow>(
      `INSERT INTO lvb_bills (bill_id, merchant_id, amount_lak, description, emv, callback_url, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (bill_id) DO NOTHING RETURNING ${COLUMNS}`,
      [b.billId, b.merchantId, b.amountLak.toString(), b.description, b.emv, b.callbackUrl, b.expiresAt.toISOString()],
    );
    if (res.rows[0]) return { bill: bill(res.rows[0]), created: true };
    return { bill: (await this.find(b.billId))!, created: false };
  }

  async find(billId: string): Promise<LvbBill | null> {
    const res = await this.db.query<BillRow>(`SELECT ${COLUMNS} FROM lvb_bills WHERE bill_id = $1`, [billId]);
    return res.rows[0] ? bill(res.rows[0]) : null;
  }

  /** Pays an unpaid bill before its expiry; null when it was paid or had expired. */
  async pay(billId: string, payerBank: string, now = new Date()): Promise<LvbBill | null> {
    const seq = `LVB${now.toISOString().slice(2, 10).replaceAll('-', '')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const account = `${payerBank.toUpperCase().slice(0, 4)}0100${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const res = await this.db.query<BillRow>(
      `UPDATE lvb_bills SET seq = $2, payer_name = 'SANDBOX PAYER', paying_acc = $3, paid_at = $4
        WHERE bill_id = $1 AND seq IS NULL AND expires_at > $4 RETURNING ${COLUMNS}`,
      [billId, seq, account, now.toISOString()],
    );
    return res.rows[0] ? bill(res.rows[0]) : null;
  }

  /** The bills created or paid between the two instants (paid: by payment time), oldest first. */
  async between(from: Date, to: Date): Promise<LvbBill[]> {
    const res = await this.db.query<BillRow>(
      `SELECT ${COLUMNS} FROM lvb_bills WHERE coalesce(paid_at, created_at) >= $1 AND coalesce(paid_at, created_at) < $2
        ORDER BY coalesce(paid_at, created_at) LIMIT 1000`,
      [from.toISOString(), to.toISOString()],
    );
    return res.rows.map(bill);
  }
}
