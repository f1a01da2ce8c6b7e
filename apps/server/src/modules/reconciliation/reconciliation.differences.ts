import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  fromMinor,
  RECONCILIATION_KINDS,
  type BankCode,
  type KeysetPage,
  type ProviderId,
  type ReconciliationItem,
  type ReconciliationKind,
  type ReconciliationSummary,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { bankReconciliationDifferences as d, bankReconciliationRuns as r, depositOrders, players } from '../../db/schema/index.js';
import { keysetOrder } from '../shared/keyset.js';

/** The open differences, oldest found first, through the partial index bank_reconciliation_open. */
const order = keysetOrder('asc', [
  { column: d.foundAt, type: 'timestamptz' },
  { column: d.id, type: 'uuid' },
]);
const OPEN = (agencyId: string) => and(eq(d.agencyId, agencyId), isNull(d.resolvedAt));
const kip = (v: bigint | null) => (v === null ? null : fromMinor(v, 'LAK'));
const inCurrency = (v: bigint | null, currency: string) => (v === null ? null : fromMinor(v, currency === 'THB' ? 'THB' : 'LAK'));

/** One agency's open differences, oldest first (keyset), optionally of one bank or provider; or only `id` (an action's answer). */
export async function listDifferences(
  db: Db | Tx,
  o: { agencyId: string; bank?: BankCode; provider?: ProviderId; cursor?: string; limit: number; id?: string },
): Promise<KeysetPage<ReconciliationItem>> {
  const rows = await db
    .select({ d, code: depositOrders.transactionCode, username: players.username, cursorKey: order.key })
    .from(d)
    .leftJoin(depositOrders, and(eq(depositOrders.id, d.orderId), eq(depositOrders.agencyId, d.agencyId)))
    // a provider's difference names its player; a bank's, through its order
    .leftJoin(players, and(eq(players.id, sql`coalesce(${d.playerId}, ${depositOrders.playerId})`), eq(players.agencyId, d.agencyId)))
    .where(
      and(
        OPEN(o.agencyId),
        o.bank ? eq(d.bank, o.bank) : undefined,
        o.provider ? eq(d.provider, o.provider) : undefined,
        o.id ? eq(d.id, o.id) : undefined,
        order.after(o.cursor),
      ),
    )
    .orderBy(...order.orderBy)
    .limit(o.limit + 1);
  const page = order.page(rows, o.limit);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map(({ d: x, code, username }) => ({
      id: x.id,
      bank: x.bank,
      provider: x.provider,
      kind: x.kind,
      bankReference: x.bankReference,
      gatewayReference: x.gatewayReference,
      depositId: x.orderId,
      transactionCode: code,
      playerUsername: username,
      unmatchedPaymentId: x.unmatchedPaymentId,
      bankAmountLak: x.bank === null ? null : kip(x.bankAmountLak),
      ourAmountLak: x.bank === null ? null : kip(x.ourAmountLak),
      currency: x.currency,
      theirAmount: inCurrency(x.bankAmountLak, x.currency),
      ourAmount: inCurrency(x.ourAmountLak, x.currency),
      paidAt: x.paidAt.toISOString(),
      day: x.day,
      foundAt: x.foundAt.toISOString(),
    })),
  };
}

/** One open difference as it is now, or null once closed. */
export async function differenceItem(db: Db | Tx, agencyId: string, id: string) {
  return (await listDifferences(db, { agencyId, id, limit: 1 })).items[0] ?? null;
}

/**
 * The open differences of one agency (or of all), by bank or provider and kind, with the oldest: what
 * a staff alert reads to say that the banks or providers and the books disagree (the metric reads the same table).
 */
export async function openBankDifferences(db: Db | Tx, filter: { agencyId?: string } = {}) {
  const rows = await db
    .select({
      agencyId: d.agencyId,
      bank: d.bank,
      provider: d.provider,
      kind: d.kind,
      count: sql<number>`count(*)::int`,
      oldestFoundAt: sql<string>`min(${d.foundAt})`,
    })
    .from(d)
    .where(and(isNull(d.resolvedAt), filter.agencyId ? eq(d.agencyId, filter.agencyId) : undefined))
    .groupBy(d.agencyId, d.bank, d.provider, d.kind);
  return rows.map((x) => ({ ...x, count: Number(x.count), oldestFoundAt: new Date(x.oldestFoundAt) }));
}

/** The newest run of each of the agency's banks and providers, and its open differences by kind. */
export async function reconciliationSummary(db: Db, agencyId: string): Promise<ReconciliationSummary> {
  const [runs, open] = await Promise.all([
    db.selectDistinctOn([r.bank, r.provider]).from(r).where(eq(r.agencyId, agencyId)).orderBy(r.bank, r.provider, desc(r.day)),
    openBankDifferences(db, { agencyId }),
  ]);
  const counts = Object.fromEntries(RECONCILIATION_KINDS.map((k) => [k, 0])) as Record<ReconciliationKind, number>;
  for (const o of open) counts[o.kind] += o.count;
  return {
    runs: runs.map((x) => ({
      bank: x.bank,
      provider: x.provider,
      day: x.day,
      method: x.method,
      checked: x.checked,
      differences: x.differences,
      error: x.error,
      finishedAt: x.finishedAt.toISOString(),
    })),
    open: counts,
  };
}
