import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.js';

const VIENTIANE_OFFSET_MS = 7 * 3_600_000;

/** YYMMDD of the day in Vientiane (UTC+7, no daylight saving). */
export function vientianeDay(now = new Date()): string {
  return new Date(now.getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(2, 10).replaceAll('-', '');
}

/**
 * The next withdrawal code of the agency and day, `W2611220001`. The counter row is locked until
 * the caller commits, so take it last in the transaction.
 */
export async function nextWithdrawalCode(tx: Tx, agencyId: string, now = new Date()): Promise<string> {
  const day = vientianeDay(now);
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`INSERT INTO withdrawal_code_counters (agency_id, day, last) VALUES (${agencyId}, ${day}, 1)
        ON CONFLICT (agency_id, day) DO UPDATE SET last = withdrawal_code_counters.last + 1
        RETURNING last`,
  );
  return `W${day}${String(row!.last).padStart(4, '0')}`;
}
