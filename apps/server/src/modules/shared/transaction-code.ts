import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import { vientianeDay } from './business-day.js';

/** D: a deposit, W: a withdrawal. */
export type TransactionCodePrefix = 'D' | 'W';

/**
 * The next transaction code of the agency for this kind of order: the prefix + the Vientiane day's
 * yymmdd + a daily sequence of at least 4 digits (D2611220001, W2611220001); past 9999 in a day
 * the sequence simply grows a digit. The counter row is locked until the caller's transaction
 * ends, so two orders never get one code: take it last in the transaction. `alongside`, a statement
 * of the caller's (a job's insert), runs in the same round trip, as a CTE.
 */
export async function nextTransactionCode(
  tx: Tx,
  agencyId: string,
  prefix: TransactionCodePrefix,
  now = new Date(),
  alongside?: SQL,
): Promise<string> {
  const day = vientianeDay(now);
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`${alongside ? sql`WITH alongside AS (${alongside}) ` : sql``}INSERT INTO transaction_code_sequences (agency_id, prefix, day, last_value) VALUES (${agencyId}, ${prefix}, ${day}, 1)
        ON CONFLICT (agency_id, prefix, day) DO UPDATE SET last_value = transaction_code_sequences.last_value + 1
        RETURNING last_value`,
  );
  return `${prefix}${day.slice(2).replaceAll('-', '')}${String(row!.last_value).padStart(4, '0')}`;
}
