import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { fromMinor, type AttentionItem, type AttentionKind, type AttentionSummary, type KeysetPage } from '@app/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { depositOrders, players, providerTransfers, unmatchedPayments } from '../../../db/schema/index.js';
import { DEPOSIT_TRANSFER_KIND } from '../../deposits/index.js';
import { byCreatedAt } from '../../shared/keyset.js';

/**
 * The three lists of deposits needing attention (docs/decisions/059), each oldest first by keyset
 * (decision 058) through its own partial index (migration 0038), scoped to the agency.
 */

const failed = byCreatedAt('asc', depositOrders);
const unknown = byCreatedAt('asc', providerTransfers);
const unmatched = byCreatedAt('asc', unmatchedPayments);

/** transfers made for a deposit so far (the retry's token) and the provider's last word on them */
const transfersOf = (orderId: typeof depositOrders.id | typeof providerTransfers.orderId) =>
  sql<number>`(SELECT count(*)::int FROM provider_transfers t WHERE t.order_id = ${orderId})`;
const lastErrorOf = (orderId: typeof depositOrders.id) =>
  sql<
    string | null
  >`(SELECT t.last_error FROM provider_transfers t WHERE t.order_id = ${orderId} ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`;

const FAILED_SCOPE = (agencyId: string) =>
  and(eq(depositOrders.agencyId, agencyId), eq(depositOrders.status, 'FAILED'), isNull(depositOrders.refundedAt));
/** paid deposits held for review (decision 162) */
const REVIEW_SCOPE = (agencyId: string) => and(eq(depositOrders.agencyId, agencyId), eq(depositOrders.status, 'REVIEW'));
const UNKNOWN_SCOPE = (agencyId: string, minutes: number) =>
  and(
    eq(providerTransfers.agencyId, agencyId),
    eq(providerTransfers.status, 'PENDING'),
    lt(providerTransfers.createdAt, sql`now() - make_interval(mins => ${minutes}::int)`),
  );
const UNMATCHED_SCOPE = (agencyId: string) => and(eq(unmatchedPayments.agencyId, agencyId), isNull(unmatchedPayments.refundedAt));

const empty = {
  depositId: null,
  transactionCode: null,
  playerId: null,
  playerUsername: null,
  providerId: null,
  amountLak: null,
  creditThb: null,
  bankReference: null,
  unmatchedReason: null,
  lastError: null,
  transfers: 0,
};

export interface ListOptions {
  agencyId: string;
  cursor: string | undefined;
  limit: number;
  /** TRANSFER_ATTENTION_MINUTES */
  attentionMinutes: number;
  /** only this item (an action's answer) */
  id?: string;
}

export async function listAttention(db: Db | Tx, kind: AttentionKind, o: ListOptions): Promise<KeysetPage<AttentionItem>> {
  if (kind === 'TRANSFER_FAILED' || kind === 'DEPOSIT_REVIEW') {
    const scope = kind === 'TRANSFER_FAILED' ? FAILED_SCOPE(o.agencyId) : REVIEW_SCOPE(o.agencyId);
    const rows = await db
      .select({
        o: depositOrders,
        username: players.username,
        transfers: transfersOf(depositOrders.id),
        lastError: lastErrorOf(depositOrders.id),
        cursorKey: failed.key,
      })
      .from(depositOrders)
      .innerJoin(players, eq(players.id, depositOrders.playerId))
      .where(and(scope, o.id ? eq(depositOrders.id, o.id) : undefined, failed.after(o.cursor)))
      .orderBy(...failed.orderBy)
      .limit(o.limit + 1);
    const page = failed.page(rows, o.limit);
    return {
      nextCursor: page.nextCursor,
      items: page.items.map((r): AttentionItem => ({
        ...empty,
        kind,
        id: r.o.id,
        depositId: r.o.id,
        transactionCode: r.o.transactionCode,
        playerId: r.o.playerId,
        playerUsername: r.username,
        providerId: r.o.providerId as AttentionItem['providerId'],
        amountLak: fromMinor(r.o.amountLak, 'LAK'),
        creditThb: fromMinor(r.o.creditThb, 'THB'),
        bankReference: r.o.bankReference,
        lastError: r.lastError,
        transfers: r.transfers,
        since: r.o.createdAt.toISOString(),
      })),
    };
  }
  if (kind === 'TRANSFER_UNKNOWN') {
    const rows = await db
      .select({
        t: providerTransfers,
        code: depositOrders.transactionCode,
        amountLak: depositOrders.amountLak,
        bankReference: depositOrders.bankReference,
        transfers: transfersOf(providerTransfers.orderId),
        cursorKey: unknown.key,
      })
      .from(providerTransfers)
      .leftJoin(depositOrders, and(eq(providerTransfers.kind, DEPOSIT_TRANSFER_KIND), eq(depositOrders.id, providerTransfers.orderId)))
      .where(and(UNKNOWN_SCOPE(o.agencyId, o.attentionMinutes), o.id ? eq(providerTransfers.id, o.id) : undefined, unknown.after(o.cursor)))
      .orderBy(...unknown.orderBy)
      .limit(o.limit + 1);
    const page = unknown.page(rows, o.limit);
    return {
      nextCursor: page.nextCursor,
      items: page.items.map((r): AttentionItem => ({
        ...empty,
        kind,
        id: r.t.id,
        depositId: r.t.kind === DEPOSIT_TRANSFER_KIND ? r.t.orderId : null,
        transactionCode: r.code,
        playerId: r.t.playerId,
        playerUsername: r.t.playerUsername,
        providerId: r.t.providerId as AttentionItem['providerId'],
        amountLak: r.amountLak === null ? null : fromMinor(r.amountLak, 'LAK'),
        creditThb: fromMinor(r.t.amount, 'THB'),
        bankReference: r.bankReference,
        lastError: r.t.lastError,
        transfers: r.transfers,
        since: r.t.createdAt.toISOString(),
      })),
    };
  }
  const rows = await db
    .select({
      u: unmatchedPayments,
      code: depositOrders.transactionCode,
      playerId: players.id,
      username: players.username,
      cursorKey: unmatched.key,
    })
    .from(unmatchedPayments)
    .leftJoin(depositOrders, eq(depositOrders.id, unmatchedPayments.orderId))
    .leftJoin(players, eq(players.id, depositOrders.playerId))
    .where(and(UNMATCHED_SCOPE(o.agencyId), o.id ? eq(unmatchedPayments.id, o.id) : undefined, unmatched.after(o.cursor)))
    .orderBy(...unmatched.orderBy)
    .limit(o.limit + 1);
  const page = unmatched.page(rows, o.limit);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r): AttentionItem => ({
      ...empty,
      kind,
      id: r.u.id,
      depositId: r.u.orderId,
      transactionCode: r.code,
      playerId: r.playerId,
      playerUsername: r.username,
      amountLak: r.u.currency === 'LAK' ? fromMinor(r.u.amountLak, 'LAK') : null,
      bankReference: r.u.bankReference,
      unmatchedReason: r.u.reason,
      since: r.u.createdAt.toISOString(),
    })),
  };
}

/** One item as it is now, or null once it has left its list (an action's answer). */
export async function attentionItem(db: Db | Tx, kind: AttentionKind, o: Omit<ListOptions, 'cursor' | 'limit'> & { id: string }) {
  const { items } = await listAttention(db, kind, { ...o, cursor: undefined, limit: 1 });
  return items[0] ?? null;
}

/**
 * How many items each list holds and since when the oldest waits: for the dashboard's queues. Counts
 * over the partial indexes, which hold only what needs attention (never the whole order table).
 */
export async function attentionSummary(db: Db, agencyId: string, attentionMinutes: number): Promise<AttentionSummary> {
  const stat = (n: number, oldest: Date | string | null) => ({
    count: Number(n),
    oldest: oldest === null ? null : new Date(oldest).toISOString(),
  });
  const [[f], [u], [m], [r]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${depositOrders.createdAt})` })
      .from(depositOrders)
      .where(FAILED_SCOPE(agencyId)),
    db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${providerTransfers.createdAt})` })
      .from(providerTransfers)
      .where(UNKNOWN_SCOPE(agencyId, attentionMinutes)),
    db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${unmatchedPayments.createdAt})` })
      .from(unmatchedPayments)
      .where(UNMATCHED_SCOPE(agencyId)),
    db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${depositOrders.createdAt})` })
      .from(depositOrders)
      .where(REVIEW_SCOPE(agencyId)),
  ]);
  return {
    TRANSFER_FAILED: stat(f!.n, f!.oldest),
    TRANSFER_UNKNOWN: stat(u!.n, u!.oldest),
    UNMATCHED_PAYMENT: stat(m!.n, m!.oldest),
    DEPOSIT_REVIEW: stat(r!.n, r!.oldest),
  };
}
