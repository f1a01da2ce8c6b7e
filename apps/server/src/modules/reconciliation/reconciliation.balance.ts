import pLimit from 'p-limit';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { providerTransfers } from '../../db/schema/index.js';
import type { ProviderId } from '@app/contracts';
import { ProviderUnavailableError, type ProviderAdapter, type ProviderLookup, type ProviderPlayer } from '../../providers/types.js';
import type { Difference } from './reconciliation.compare.js';
import { laoDayWindow, type Reconciled } from './reconciliation.run.js';

/** provider calls at once while one provider is reconciled (three a player) */
const PROVIDER_CALLS_AT_ONCE = 4;

type OurTransfer = typeof providerTransfers.$inferSelect;
/** one agency's provider on one Lao day (the providers' comparison's input) */
type Scope = { agencyId: string; provider: ProviderId; day: string };
const signed = (t: Pick<OurTransfer, 'direction' | 'amount'>) => (t.direction === 'IN' ? t.amount : -t.amount);

/** A deposit the balance equation can start from: applied, AMB's own reference, the balance read just before it. */
const isAnchor = (t: OurTransfer) =>
  t.status === 'POSTED' && t.direction === 'IN' && t.providerTransferId !== null && t.witnessBefore !== null;

/**
 * The deposit a player's equation starts from: the last one before the day (so the whole day lies
 * after it), else the day's first. Null when none (nothing of the day to compare from).
 */
export function anchorOf(rows: readonly OurTransfer[], from: Date, to: Date): OurTransfer | null {
  const anchors = rows.filter(isAnchor);
  const before = anchors.filter((t) => t.createdAt < from);
  return before.at(-1) ?? anchors.find((t) => t.createdAt < to) ?? null;
}

/**
 * The balance the player should have at the provider now: the balance after the anchor deposit (read
 * just before it was sent, plus its amount), our POSTED transfers since, and the provider's net
 * win/lose since (docs/decisions/146). `rows` oldest first, the anchor among them.
 */
export function expectedBalance(rows: readonly OurTransfer[], anchor: OurTransfer, winLose: bigint): bigint {
  const since = rows.slice(rows.indexOf(anchor) + 1).filter((t) => t.status === 'POSTED');
  return anchor.witnessBefore! + anchor.amount + since.reduce((n, t) => n + signed(t), 0n) + winLose;
}

/** compared: the transfers of ours the equation took (the anchor and those since) */
export type BalanceCheck = { compared: true; transfers: number; difference: Difference | null } | { compared: false; why: string };

/**
 * One player's balance against the ledger. Skipped (never a difference) while something moves it
 * that neither side has booked yet: a transfer of ours not decided, one started during the reads, or
 * play during the reads (the win/lose read before and after the balance differ).
 */
async function checkPlayer(db: Db, adapter: ProviderAdapter, scope: Scope, player: ProviderPlayer, window: { from: Date; to: Date }) {
  const mine = and(
    eq(providerTransfers.agencyId, scope.agencyId),
    eq(providerTransfers.providerId, scope.provider),
    eq(providerTransfers.playerId, player.playerId),
  );
  const rows = await db.select().from(providerTransfers).where(mine).orderBy(asc(providerTransfers.createdAt), asc(providerTransfers.id));
  if (rows.some((t) => t.status === 'PENDING')) return { compared: false, why: 'a transfer is not decided yet' } satisfies BalanceCheck;
  const anchor = anchorOf(rows, window.from, window.to);
  if (!anchor) return { compared: false, why: 'no deposit to start from' } satisfies BalanceCheck;
  const ref = anchor.providerTransferId!;
  const first = await adapter.playSince!(player, ref);
  if (!first) return { compared: false, why: 'the deposit has no reference of the provider' } satisfies BalanceCheck;
  if (first.winLose === null) throw new ProviderUnavailableError(`${scope.provider}: its win/lose report carries no net win/lose`);
  const balance = (await adapter.balance(player)) ?? 0n;
  const second = await adapter.playSince!(player, ref);
  if (!second || second.turnover !== first.turnover || second.winLose !== first.winLose)
    return { compared: false, why: 'playing during the reads' } satisfies BalanceCheck;
  const [after] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(providerTransfers)
    .where(mine);
  if (after!.n !== rows.length) return { compared: false, why: 'a transfer started during the reads' } satisfies BalanceCheck;
  const expected = expectedBalance(rows, anchor, first.winLose);
  const difference: Difference | null =
    balance === expected
      ? null
      : {
          kind: 'BALANCE_DIFFERS',
          bankReference: anchor.reference,
          gatewayReference: null,
          orderId: anchor.orderId,
          unmatchedPaymentId: null,
          bankAmountLak: balance,
          ourAmountLak: expected,
          currency: 'THB',
          paidAt: anchor.createdAt,
          playerId: player.playerId,
        };
  return { compared: true, transfers: rows.length - rows.indexOf(anchor), difference } satisfies BalanceCheck;
}

/**
 * Compares each player's balance at a provider that keeps no transfer history (AMB) with the
 * ledger (docs/decisions/146): reads only, moves nothing. Throws ProviderUnavailableError when the
 * provider cannot be asked (the run is tried again; nothing is decided).
 */
export async function compareBalances(
  deps: { db: Db; providers: ProviderLookup },
  input: Scope,
  players: readonly ProviderPlayer[],
  now = new Date(),
): Promise<Reconciled> {
  const adapter = deps.providers.get(input.provider);
  if (!adapter.playSince)
    throw new ProviderUnavailableError(`${input.provider}: its protocol reports no win/lose to compare balances with`);
  const window = laoDayWindow(input.day);
  const to = new Date(Math.min(window.to.getTime(), now.getTime()));
  const limit = pLimit(PROVIDER_CALLS_AT_ONCE);
  const checks = await Promise.all(players.map((p) => limit(() => checkPlayer(deps.db, adapter, input, p, { from: window.from, to }))));
  const differences = checks.flatMap((c) => (c.compared && c.difference ? [c.difference] : []));
  return { method: 'BALANCE', checked: checks.reduce((n, c) => n + (c.compared ? c.transfers : 0), 0), differences };
}
