import { and, eq, gte, lt } from 'drizzle-orm';
import { fromMinor } from '@app/contracts';
import type { Db } from '../../../db/client.js';
import { depositOrders, players, withdrawals } from '../../../db/schema/index.js';
import { byCreatedAt } from '../../shared/keyset.js';
import { vientianeDateTime } from '../../shared/business-day.js';
import { BOM, csvLine, type CsvCell } from './exports.csv.js';

/** Times are Vientiane's wall clock, and every time column says so. */
export const VIENTIANE_ZONE = '(Vientiane UTC+07:00)';

/** rows read per statement: the export never holds more than this many in memory */
const BATCH = 1000;

export interface ExportRange {
  agencyId: string;
  /** the first instant in the range and the first after it */
  from: Date;
  to: Date;
}

/** The orders an export reads: each has its agency, its player and its creation time (the range's). */
type OrderTable = typeof depositOrders | typeof withdrawals;

/**
 * One export: the header, then the agency's rows of `table` created in the range, oldest first, read
 * by keyset on (created_at, id) in batches of `batch` rows (decision 058), each batch read after the last
 * row of the one before and yielded as its CSV lines. Memory holds one batch, whatever the range.
 */
async function* keysetCsv<T extends OrderTable>(
  db: Db,
  r: ExportRange,
  table: T,
  header: readonly string[],
  line: (row: T['$inferSelect'], username: string) => CsvCell[],
  batch = BATCH,
): AsyncGenerator<string> {
  const order = byCreatedAt('asc', table);
  yield BOM + csvLine(header);
  let cursor: string | undefined;
  do {
    const rows = await db
      .select({ row: table as OrderTable, username: players.username, cursorKey: order.key })
      .from(table as OrderTable)
      .innerJoin(players, eq(players.id, table.playerId))
      .where(and(eq(table.agencyId, r.agencyId), gte(table.createdAt, r.from), lt(table.createdAt, r.to), order.after(cursor)))
      .orderBy(...order.orderBy)
      .limit(batch + 1);
    const page = order.page(rows, batch);
    yield page.items.map(({ row, username }) => csvLine(line(row as T['$inferSelect'], username))).join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The agency's deposits created in the range, oldest first, as CSV lines. */
export const depositsCsv = (db: Db, r: ExportRange, batch?: number) =>
  keysetCsv(
    db,
    r,
    depositOrders,
    [
      `created_at ${VIENTIANE_ZONE}`,
      'code',
      'player',
      'provider',
      'bank',
      'amount_lak',
      'credit_thb',
      'rate',
      'status',
      'bank_reference',
      `paid_at ${VIENTIANE_ZONE}`,
      'refund_reference',
    ],
    (o, username) => [
      vientianeDateTime(o.createdAt),
      o.transactionCode,
      username,
      o.providerId,
      o.bank,
      fromMinor(o.amountLak, 'LAK'),
      fromMinor(o.creditThb, 'THB'),
      o.sellRate,
      o.status,
      o.bankReference,
      o.paidAt && vientianeDateTime(o.paidAt),
      o.refundReference,
    ],
    batch,
  );

/** The agency's withdrawals created in the range, the same way. */
export const withdrawalsCsv = (db: Db, r: ExportRange, batch?: number) =>
  keysetCsv(
    db,
    r,
    withdrawals,
    [
      `created_at ${VIENTIANE_ZONE}`,
      'code',
      'player',
      'provider',
      'credit_thb',
      'amount_lak',
      'rate',
      'bank',
      'account_number',
      'account_name',
      'status',
      'bank_reference',
      'reject_reason',
      `decided_at ${VIENTIANE_ZONE}`,
    ],
    (w, username) => [
      vientianeDateTime(w.createdAt),
      w.transactionCode,
      username,
      w.providerId,
      fromMinor(w.totalCredit, 'THB'),
      fromMinor(w.amountLak, 'LAK'),
      w.rate,
      w.bank,
      w.accountNumber,
      w.accountName,
      w.status,
      w.bankReference,
      w.rejectReason,
      w.decidedAt && vientianeDateTime(w.decidedAt),
    ],
    batch,
  );
