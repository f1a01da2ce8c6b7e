import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/client.js';

/** Laos keeps UTC+7 all year: the business day of a transaction code is the Vientiane date. */
const VIENTIANE_OFFSET_MS = 7 * 60 * 60 * 1000;

/** `yymmdd` and the ISO date of the business day `now` falls in. */
export function businessDay(now: Date): { yymmdd: string; iso: string } {
  const local = new Date(now.getTime() + VIENTIANE_OFFSET_MS);
  const iso = local.toISOString().slice(0, 10);
  return { yymmdd: iso.slice(2).replaceAll('-', ''), iso };
}

/**
 * The next transaction code of the agency: `D` + yymmdd + a daily sequence of at least 4 digits
 * (D2611220001). The counter row is locked until the caller's transaction ends, so two deposits
 * never get one code; past 9999 in a day the sequence simply grows a digit.
 */
export async function nextTransactionCode(tx: Tx, agencyId: string, now: Date): Promise<string> {
  const day = businessDay(now);
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`INSERT INTO deposit_sequences (agency_id, day, last_value) VALUES (${agencyId}, ${day.iso}, 1)
        ON CONFLICT (agency_id, day) DO UPDATE SET last_value = deposit_sequences.last_value + 1
        RETURNING last_value`,
  );
  return `D${day.yymmdd}${String(row!.last_value).padStart(4, '0')}`;
}
