import { and, eq, gte, lt } from 'drizzle-orm';
import { fromMinor } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { depositOrders, players, withdrawals } from '../../db/schema/index.js';
import { byCreatedAt } from '../shared/keyset.js';
import { BOM, csvLine } from './exports.csv.js';

/** rows read per statement: the export never holds more than this many in memory */
const BATCH = 1000;

export interface ExportRange {
  agencyId: string;
  /** the first instant in the range and the first after it */
  from: Date;
  to: Date;
}

/** The header, then each batch's lines, each batch read after the last row of the one before. */
async function* byBatches(header: string[], read: (cursor: string | undefined) => Promise<{ lines: string[]; nextCursor: string | null }>) {
  yield BOM + csvLine(header);
  let cursor: string | undefined;
  do {
    const batch = await read(cursor);
    yield batch.lines.join('');
    cursor = batch.nextCursor ?? undefined;
  } while (cursor);
}

const deposits = byCreatedAt('asc', depositOrders);
const payouts = byCreatedAt('asc', withdrawals);

/** The agency's deposits created in the range, oldest first, as CSV lines, read by keyset in batches (decision 058). */
export function depositsCsv(db: Db, r: ExportRange): AsyncGenerator<string> {
  return byBatches(
    [
      'created_at',
      'code',
      'player',
      'provider',
      'bank',
      'amount_lak',
      'credit_thb',
      'rate',
      'status',
      'bank_reference',
      'paid_at',
      'refund_reference',
    ],
    async (cursor) => {
      const rows = await db
        .select({ o: depositOrders, username: players.username, cursorKey: deposits.key })
        .from(depositOrders)
        .innerJoin(players, eq(players.id, depositOrders.playerId))
        .where(
          and(
            eq(depositOrders.agencyId, r.agencyId),
            gte(depositOrders.createdAt, r.from),
            lt(depositOrders.createdAt, r.to),
            deposits.after(cursor),
          ),
        )
        .orderBy(...deposits.orderBy)
        .limit(BATCH + 1);
      const page = deposits.page(rows, BATCH);
      return {
        nextCursor: page.nextCursor,
        lines: page.items.map(({ o, username }) =>
          csvLine([
            o.createdAt.toISOString(),
            o.transactionCode,
            username,
            o.providerId,
            o.bank,
            fromMinor(o.amountLak, 'LAK'),
            fromMinor(o.creditThb, 'THB'),
            o.sellRate,
            o.status,
            o.bankReference,
            o.paidAt?.toISOString(),
            o.refundReference,
          ]),
        ),
      };
    },
  );
}

/** The agency's withdrawals created in the range, the same way. */
export function withdrawalsCsv(db: Db, r: ExportRange): AsyncGenerator<string> {
  return byBatches(
    [
      'created_at',
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
      'decided_at',
    ],
    async (cursor) => {
      const rows = await db
        .select({ w: withdrawals, username: players.username, cursorKey: payouts.key })
        .from(withdrawals)
        .innerJoin(players, eq(players.id, withdrawals.playerId))
        .where(
          and(
            eq(withdrawals.agencyId, r.agencyId),
            gte(withdrawals.createdAt, r.from),
            lt(withdrawals.createdAt, r.to),
            payouts.after(cursor),
          ),
        )
        .orderBy(...payouts.orderBy)
        .limit(BATCH + 1);
      const page = payouts.page(rows, BATCH);
      return {
        nextCursor: page.nextCursor,
        lines: page.items.map(({ w, username }) =>
          csvLine([
            w.createdAt.toISOString(),
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
            w.decidedAt?.toISOString(),
          ]),
        ),
      };
    },
  );
}
