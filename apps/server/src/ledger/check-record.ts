import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { ledgerChecks } from '../db/schema/index.js';
import { checkLedger } from './check.js';

/** how many of a failed check's problems are kept with its result (the check itself lists them all) */
const DETAIL_KEPT = 20;

export interface LedgerCheckResult {
  problems: string[];
  checkedAt: Date;
  durationMs: number;
}

/**
 * Runs the ledger check over every agency and records its result in `ledger_checks`, where the
 * metric `laocredit_ledger_check_problems` reads the newest one: the worker runs it every
 * LEDGER_CHECK_HOURS, `npm run ops -- ledger check` on demand, and a restore is followed by one.
 */
export async function runLedgerCheck(db: Db): Promise<LedgerCheckResult> {
  const started = performance.now();
  const problems = await checkLedger(db);
  const durationMs = Math.round(performance.now() - started);
  const [row] = await db
    .insert(ledgerChecks)
    .values({ problems: problems.length, detail: problems.slice(0, DETAIL_KEPT), durationMs })
    .returning({ checkedAt: ledgerChecks.checkedAt });
  return { problems, checkedAt: row!.checkedAt, durationMs };
}

/** When the newest recorded check ran, or null when none has: the worker's upkeep runs one when it is due. */
export async function lastLedgerCheckAt(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(db, sql`SELECT max(checked_at) AS at FROM ledger_checks`);
  return row?.at ? new Date(row.at) : null;
}
