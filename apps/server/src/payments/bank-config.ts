import { sql, type SQL } from 'drizzle-orm';
import { buildLaoQr, LAO_QR_BANK_IINS, type BankCode } from '@app/contracts';
import { jsonValue, queryRows, type Db, type Tx } from '../db/client.js';
import { agencyBankConfig } from '../db/schema/index.js';

/** What an agency's QR for one bank carries (DESIGN.md §5a), the IIN resolved. */
export interface BankConfig {
  bank: BankCode;
  iin: string;
  merchantId: string;
  mcc: string;
  merchantName: string;
  city: string;
}

/** What `bankConfigSql` reads of the agency's row for a bank. */
type BankConfigRead = Omit<BankConfig, 'bank' | 'iin'> & { iin: string | null };

/**
 * The agency's row for `bank` as one JSON value (null without one): a scalar subquery, for a statement
 * that reads more in the same round trip; `bankConfigOf` makes it the configuration.
 */
export const bankConfigSql = (agencyId: string, bank: BankCode): SQL =>
  sql`(SELECT json_build_object('iin', b.iin, 'merchantId', b.merchant_id, 'mcc', b.mcc, 'merchantName', b.merchant_name, 'city', b.city)
         FROM ${agencyBankConfig} b WHERE b.agency_id = ${agencyId} AND b.bank = ${bank})`;

/** The configuration `bankConfigSql` read, or null when the agency does not take payments at `bank`. */
export function bankConfigOf(bank: BankCode, read: BankConfigRead | string | null | undefined): BankConfig | null {
  const row = jsonValue<BankConfigRead | null | undefined>(read);
  const iin = row?.iin ?? LAO_QR_BANK_IINS[bank];
  if (!row || !iin) return null;
  return { bank, iin, merchantId: row.merchantId, mcc: row.mcc, merchantName: row.merchantName, city: row.city };
}

/** The agency's configuration for `bank`, or null when the agency does not take payments there. */
export async function bankConfigFor(db: Db | Tx, agencyId: string, bank: BankCode): Promise<BankConfig | null> {
  const [row] = await queryRows<{ config: BankConfigRead | string | null }>(db, sql`SELECT ${bankConfigSql(agencyId, bank)} AS config`);
  return bankConfigOf(bank, row?.config);
}

/** The LAO QR payload of one order, for the agency's configuration of the bank the player pays from. */
export function laoQrFor(config: BankConfig, order: { amountLak: bigint; billNumber: string; reference: string }): string {
  return buildLaoQr({ ...config, ...order });
}

/** The demo merchant accounts; the same rows as migration 0005 inserts for an existing demo agency. */
const DEMO_MERCHANTS: ReadonlyArray<{ bank: BankCode; iin: string | null; merchantId: string }> = [
  { bank: 'bcel', iin: null, merchantId: 'DEMO-BCEL-001' },
  { bank: 'jdb', iin: null, merchantId: 'DEMO-JDB-001' },
  { bank: 'ldb', iin: null, merchantId: 'DEMO-LDB-001' },
  { bank: 'indochina', iin: null, merchantId: 'DEMO-IDCB-001' },
  // KBank publishes no IIN for LAO QR: the demo carries one an agency would get from the bank
  { bank: 'kasikam', iin: '70120418', merchantId: 'DEMO-KBANK-001' },
  { bank: 'lvb', iin: null, merchantId: 'DEMO-LVB-001' },
];

/** The demo agency's bank configuration, all six banks. Idempotent: edited rows are left alone. */
export async function seedBankConfig(db: Db | Tx, agencyId: string): Promise<void> {
  await db
    .insert(agencyBankConfig)
    .values(DEMO_MERCHANTS.map((m) => ({ agencyId, ...m, mcc: '5816', merchantName: 'Lao Credit Demo', city: 'Vientiane' })))
    .onConflictDoNothing();
}
