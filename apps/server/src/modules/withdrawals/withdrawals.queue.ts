import { and, eq, sql } from 'drizzle-orm';
import type { KeysetPage, QueueWithdrawal, WithdrawalStatus } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { players, promotions, promotionUsages, withdrawals } from '../../db/schema/index.js';
import { toBackofficeWithdrawal } from './withdrawals.view.js';
import { byCreatedAt } from '../shared/keyset.js';
import { noSuchWithdrawal } from './withdrawals.errors.js';
import { queueSignals, toQueueSignals } from '../fraud-signals/index.js';

const oldestFirst = byCreatedAt('asc', withdrawals);

/** One row of the queue with what staff judge it by: the player, the promotion in use, the fraud signals (decision 164). */
function queueRows(db: Db) {
  return db
    .select({
      w: withdrawals,
      username: players.username,
      displayName: players.displayName,
      usageId: promotionUsages.id,
      usageStatus: promotionUsages.status,
      promotionCode: promotions.code,
      promotionName: sql<string | null>`${promotions.texts} -> 'lo' ->> 'name'`,
      signals: queueSignals(withdrawals.agencyId, withdrawals.playerId),
      cursorKey: oldestFirst.key,
    })
    .from(withdrawals)
    .innerJoin(players, and(eq(players.id, withdrawals.playerId), eq(players.agencyId, withdrawals.agencyId)))
    .leftJoin(promotionUsages, eq(promotionUsages.id, withdrawals.promotionUsageId))
    .leftJoin(promotions, eq(promotions.id, promotionUsages.promotionId));
}
type QueueRow = Awaited<ReturnType<ReturnType<typeof queueRows>['where']>>[number];

function toQueueWithdrawal(r: Omit<QueueRow, 'cursorKey'>): QueueWithdrawal {
  return {
    ...toBackofficeWithdrawal(r.w, r.username),
    playerDisplayName: r.displayName,
    promotion:
      r.usageId && r.usageStatus
        ? { usageId: r.usageId, code: r.promotionCode ?? '', name: r.promotionName ?? '', status: r.usageStatus }
        : null,
    signals: toQueueSignals(r.signals),
  };
}

/**
 * The agency's withdrawals in one status, oldest first (the order staff work through them), by keyset
 * on (created_at, id) through withdrawals_queue_keyset (migration 0035): a deep page costs what the
 * first does, and no count of the whole list is made.
 */
export async function listWithdrawals(
  db: Db,
  agencyId: string,
  q: { status: WithdrawalStatus; cursor?: string | undefined; limit: number },
): Promise<KeysetPage<QueueWithdrawal>> {
  const rows = await queueRows(db)
    .where(and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.status, q.status), oldestFirst.after(q.cursor)))
    .orderBy(...oldestFirst.orderBy)
    .limit(q.limit + 1);
  const page = oldestFirst.page(rows, q.limit);
  return { items: page.items.map(toQueueWithdrawal), nextCursor: page.nextCursor };
}

/** One withdrawal of the agency (its player's signals are the player's own call); another agency's is 404. */
export async function withdrawalDetail(db: Db, agencyId: string, id: string) {
  const [row] = await queueRows(db).where(and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.id, id)));
  if (!row) throw noSuchWithdrawal();
  return { withdrawal: toQueueWithdrawal(row) };
}

/**
 * How many wait in the queue, since when, and the newest's time (the queue screen's chime on a new
 * request, decision 178), all from withdrawals_queue_keyset: agency, status, then time.
 */
export async function openSummary(db: Db, agencyId: string) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${withdrawals.createdAt})`,
      newest: sql<string | null>`max(${withdrawals.createdAt})`,
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.status, 'OPEN')));
  const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);
  return { count: row?.n ?? 0, oldestAt: iso(row?.oldest), newestAt: iso(row?.newest) };
}

export async function playerUsername(db: Db, playerId: string): Promise<string> {
  const [p] = await db.select({ username: players.username }).from(players).where(eq(players.id, playerId));
  return p?.username ?? '';
}
