import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';
import { businessDay } from '../deposits/transaction-code.js';

/**
 * The next withdrawal code of the agency: `W` + the Vientiane day's yymmdd + a daily sequence of at
 * least 4 digits (`W2611220001`). The counter row is locked until the caller commits, so take it
 * last in the transaction.
 */
export async function nextWithdrawalCode(tx: Tx, agencyId: string, now = new Date()): Promise<string> {
  const day = businessDay(now).yymmdd;
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`INSERT INTO withdrawal_code_counters (agency_id, day, last) VALUES (${agencyId}, ${day}, 1)
        ON CONFLICT (agency_id, day) DO UPDATE SET last = withdrawal_code_counters.last + 1
        RETURNING last`,
  );
  return `W${day}${String(row!.last).padStart(4, '0')}`;
}
