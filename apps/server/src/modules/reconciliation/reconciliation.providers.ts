import pLimit from 'p-limit';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { ProviderId } from '@app/contracts';
import { textArray, type Db } from '../../db/client.js';
import { providerTransfers } from '../../db/schema/index.js';
import { ProviderUnavailableError, type ProviderAdapter, type ProviderLookup, type ProviderTransferEntry } from '../../providers/types.js';
import type { Difference } from './reconciliation.compare.js';
import { laoDayWindow, type Reconciled } from './reconciliation.run.js';
import { compareBalances } from './reconciliation.balance.js';

/** The provider's history is read this far past both ends of the day: a transfer asked at 23:59 may be applied at 00:00. */
const HISTORY_MARGIN_MS = 60 * 60_000;
/** provider calls at once while one provider is reconciled (a history per player, a question per transfer) */
const PROVIDER_CALLS_AT_ONCE = 4;

export interface ProviderReconcileInput {
  agencyId: string;
  provider: ProviderId;
  /** the Lao day reconciled */
  day: string;
}

export interface ProviderReconcileDependencies {
  db: Db;
  providers: ProviderLookup;
}

/**
 * Whether a provider can be reconciled: by its transfer history (docs/decisions/142) or, where it
 * keeps none (AMB), by each player's balance and its win/lose report (docs/decisions/146).
 */
export const keepsHistory = (adapter: ProviderAdapter) =>
  typeof adapter.transfersBetween === 'function' || typeof adapter.playSince === 'function';

type OurTransfer = typeof providerTransfers.$inferSelect;
const signed = (t: Pick<OurTransfer, 'direction' | 'amount'>) => (t.direction === 'IN' ? t.amount : -t.amount);

const difference = (
  kind: Difference['kind'],
  o: { reference: string; playerId: string; orderId: string | null; at: Date },
  theirs: bigint | null,
  ours: bigint | null,
): Difference => ({
  kind,
  bankReference: o.reference,
  gatewayReference: null,
  orderId: o.orderId,
  unmatchedPaymentId: null,
  bankAmountLak: theirs,
  ourAmountLak: ours,
  currency: 'THB',
  paidAt: o.at,
  playerId: o.playerId,
});

/**
 * The provider's transfers of one player against our ledger's (docs/decisions/142). `listed` may
 * reach past the window on both sides; only its entries inside count. `ours` holds our transfers
 * under every listed reference, whatever their day; `oursInWindow` our POSTED transfers of the window.
 * A transfer of ours not yet decided (PENDING) is its own path's to settle, never a difference here.
 * Answers the differences, and our POSTED transfers the history did not name (to be asked about).
 */
export function compareWithProvider(input: {
  playerId: string;
  listed: readonly ProviderTransferEntry[];
  from: Date;
  to: Date;
  ours: ReadonlyMap<string, OurTransfer>;
  oursInWindow: readonly OurTransfer[];
}): { differences: Difference[]; unlisted: OurTransfer[] } {
  const differences: Difference[] = [];
  const named = new Set<string>();
  for (const e of input.listed) {
    named.add(e.reference);
    if (e.at < input.from || e.at >= input.to) continue;
    const ours = input.ours.get(e.reference);
    if (ours?.status === 'PENDING') continue;
    const at = { reference: e.reference, playerId: input.playerId, orderId: ours?.orderId ?? null, at: e.at };
    if (!ours || ours.status !== 'POSTED') differences.push(difference('NOT_IN_LEDGER', at, e.amountMinor, null));
    else if (signed(ours) !== e.amountMinor) differences.push(difference('AMOUNT_DIFFERS', at, e.amountMinor, signed(ours)));
  }
  return { differences, unlisted: input.oursInWindow.filter((o) => o.status === 'POSTED' && !named.has(o.reference)) };
}

/** The agency's players with an account at the provider: every one a transfer of ours ever went to. */
async function playersAt(db: Db, { agencyId, provider }: ProviderReconcileInput) {
  return db
    .selectDistinct({ playerId: providerTransfers.playerId, username: providerTransfers.playerUsername })
    .from(providerTransfers)
    .where(and(eq(providerTransfers.agencyId, agencyId), eq(providerTransfers.providerId, provider)))
    .orderBy(asc(providerTransfers.playerId));
}

/**
 * Compares one agency's transfers with one provider's history for one Lao day, player by player;
 * reads only, moves nothing. Throws ProviderUnavailableError when the provider cannot be asked (the
 * run is tried again; nothing is decided).
 */
export async function compareProviderDay(
  deps: ProviderReconcileDependencies,
  input: ProviderReconcileInput,
  now = new Date(),
): Promise<Reconciled> {
  const { db } = deps;
  const adapter = deps.providers.get(input.provider);
  const players = await playersAt(db, input);
  if (!adapter.transfersBetween) {
    const ofAgency = players.map((p) => ({ playerId: p.playerId, agencyId: input.agencyId, username: p.username }));
    return compareBalances(deps, input, ofAgency, now);
  }
  const history = adapter.transfersBetween.bind(adapter);
  const window = laoDayWindow(input.day);
  const from = window.from;
  const to = new Date(Math.min(window.to.getTime(), now.getTime()));
  const limit = pLimit(PROVIDER_CALLS_AT_ONCE);
  const perPlayer = await Promise.all(
    players.map((p) =>
      limit(async () => {
        const player = { playerId: p.playerId, agencyId: input.agencyId, username: p.username };
        const listed = await history(player, new Date(from.getTime() - HISTORY_MARGIN_MS), new Date(to.getTime() + HISTORY_MARGIN_MS));
        const mine = and(
          eq(providerTransfers.agencyId, input.agencyId),
          eq(providerTransfers.providerId, input.provider),
          eq(providerTransfers.playerId, p.playerId),
        );
        const [byReference, inWindow] = await Promise.all([
          listed.length === 0
            ? []
            : db
                .select()
                .from(providerTransfers)
                .where(and(mine, sql`${providerTransfers.reference} = ANY (${textArray(listed.map((e) => e.reference))}::text[])`)),
          db
            .select()
            .from(providerTransfers)
            .where(and(mine, gte(providerTransfers.createdAt, from), lt(providerTransfers.createdAt, to))),
        ]);
        const compared = compareWithProvider({
          playerId: p.playerId,
          listed,
          from,
          to,
          ours: new Map(byReference.map((t) => [t.reference, t])),
          oursInWindow: inWindow,
        });
        return { player, listed: listed.filter((e) => e.at >= from && e.at < to).length, inWindow: inWindow.length, ...compared };
      }),
    ),
  );
  const differences = perPlayer.flatMap((r) => r.differences);
  // ours the history did not name: each asked about by its reference before it is called missing there
  const asked = perPlayer.flatMap((r) => r.unlisted.map((t) => ({ t, player: r.player })));
  const answers = await Promise.all(
    asked.map(({ t, player }) =>
      limit(async () => ({
        t,
        status: await adapter.transferStatus(t.reference, {
          reference: t.reference,
          direction: t.direction,
          player,
          amountMinor: t.amount,
        }),
      })),
    ),
  );
  for (const { t, status } of answers) {
    if (status.status === 'UNKNOWN') throw new ProviderUnavailableError(`${input.provider}: transfer ${t.reference}: ${status.reason}`);
    if (status.status !== 'POSTED')
      differences.push(
        difference(
          'NOT_AT_PROVIDER',
          { reference: t.reference, playerId: t.playerId, orderId: t.orderId, at: t.createdAt },
          null,
          signed(t),
        ),
      );
  }
  return { method: 'HISTORY', checked: perPlayer.reduce((n, r) => n + r.listed + r.inWindow, 0), differences };
}
