import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { CREDIT_MOVE_IN_PROGRESS, fromMinor, isProviderId, toMinor } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation, transactionWithRetry } from '../../db/errors.js';
import { creditMoves, players, providerTransfers, type CreditMoveRow } from '../../db/schema/index.js';
import { InsufficientFundsError } from '../../ledger/ledger.js';
import { inProgress, insufficientCredit, noSuchMove, promotionLocked, sameProvider, unknownProvider } from './credit-moves.errors.js';
import { createMoveSettlement, IN_KIND, OUT_KIND, RETURN_KIND } from './credit-moves.settlement.js';
import type { CreditMovesDependencies, CreditMovesService } from './credit-moves.types.js';

/** a request's answer waits for at most this many legs settled inline; the worker finishes the rest */
const INLINE_LEGS = 3;

export function createCreditMovesService(deps: CreditMovesDependencies): CreditMovesService {
  const { db, log, transfers, wallet, promotions, responsiblePlay, providerMaintenance } = deps;
  const settlement = createMoveSettlement(deps);
  const owned = (agencyId: string, playerId: string) => and(eq(creditMoves.agencyId, agencyId), eq(creditMoves.playerId, playerId));

  async function underWay(tx: Tx | Db, agencyId: string, playerId: string) {
    const rows = await tx
      .select({ id: creditMoves.id })
      .from(creditMoves)
      .where(and(owned(agencyId, playerId), inArray(creditMoves.status, [...CREDIT_MOVE_IN_PROGRESS])))
      .limit(1);
    return rows.length > 0;
  }

  async function reload(id: string): Promise<CreditMoveRow> {
    const [m] = await db.select().from(creditMoves).where(eq(creditMoves.id, id));
    return m!;
  }

  /**
   * Tells the providers now instead of waiting for the worker, leg after leg, so the answer usually
   * shows where the credit ended. Each leg's job stays queued: an unknown outcome is the worker's.
   */
  async function settleSoon(moveId: string) {
    for (let round = 0; round < INLINE_LEGS; round++) {
      const pending = await db
        .select({ id: providerTransfers.id })
        .from(providerTransfers)
        .where(
          and(
            eq(providerTransfers.orderId, moveId),
            eq(providerTransfers.status, 'PENDING'),
            inArray(providerTransfers.kind, [OUT_KIND, IN_KIND, RETURN_KIND]),
          ),
        );
      if (pending.length === 0) return;
      try {
        const results = await transfers.processMany(pending.map((t) => t.id));
        if (results.some((r) => !r.done)) return;
      } catch (err) {
        log.warn({ err, moveId }, 'move not settled inline; the worker will');
        return;
      }
    }
  }

  return {
    /**
     * The checks in the order a player fixes them (providers, amount, pause, maintenance, promotion,
     * one at a time, credit), then in one transaction: the ledger synced with the first provider's
     * live balance, the move, and the credit taken out through the transfer path.
     */
    async create(agency, session, body, requestKey) {
      const made = async () =>
        requestKey === undefined
          ? undefined
          : (
              await db
                .select({ id: creditMoves.id })
                .from(creditMoves)
                .where(and(owned(agency.id, session.playerId), eq(creditMoves.requestKey, requestKey)))
            )[0];
      const before = await made();
      if (before) return reload(before.id);
      const { fromProviderId: from, toProviderId: to } = body;
      if (!isProviderId(from)) throw unknownProvider('fromProviderId', from);
      if (!isProviderId(to)) throw unknownProvider('toProviderId', to);
      if (from === to) throw sameProvider();
      const amount = toMinor(body.amount, 'THB');
      await responsiblePlay.assertNotExcluded(session);
      await providerMaintenance.assertOpen(agency.id, from);
      await providerMaintenance.assertOpen(agency.id, to);
      const held = await promotions.inUse({ agencyId: agency.id, playerId: session.playerId });
      if (held && (held.providerId === from || held.providerId === to)) throw promotionLocked(held.providerId);
      if (await underWay(db, agency.id, session.playerId)) throw inProgress();

      // the version first: a move between it and the provider's answer makes syncCredit skip
      const versionSeen = await transfers.creditVersion(db, agency.id, session.playerId, from);
      const credit = await wallet.creditMinorAt(session, from);
      if (amount > credit) throw insufficientCredit(fromMinor(credit, 'THB'));

      const id = randomUUID();
      try {
        await transactionWithRetry(db, async (tx) => {
          // one player's moves queue here, so "one under way" holds under concurrency
          await tx.select({ id: players.id }).from(players).where(eq(players.id, session.playerId)).for('update');
          if (await underWay(tx, agency.id, session.playerId)) throw inProgress();
          const locked = await transfers.lockPlayerAccounts(tx, agency.id, session.playerId, from);
          await transfers.syncCredit(
            tx,
            {
              agencyId: agency.id,
              playerId: session.playerId,
              providerId: from,
              providerBalance: credit,
              versionSeen,
              reference: `move:${id}:sync`,
            },
            locked,
          );
          const [move] = await tx
            .insert(creditMoves)
            .values({
              id,
              agencyId: agency.id,
              playerId: session.playerId,
              fromProviderId: from,
              toProviderId: to,
              amount,
              status: 'MOVING_OUT',
              requestKey: requestKey ?? null,
            })
            .returning();
          await settlement.takeOut(tx, move!);
        });
      } catch (err) {
        if (err instanceof InsufficientFundsError) throw insufficientCredit(fromMinor(credit, 'THB'));
        const first = isUniqueViolation(err, 'credit_moves_request_key') ? await made() : undefined;
        if (first) return reload(first.id);
        if (isUniqueViolation(err, 'credit_moves_one_in_progress')) throw inProgress();
        throw err;
      }
      await settleSoon(id);
      return reload(id);
    },

    async one(agencyId, playerId, id) {
      const [m] = await db
        .select()
        .from(creditMoves)
        .where(and(owned(agencyId, playerId), eq(creditMoves.id, id)))
        .limit(1);
      if (!m) throw noSuchMove();
      return m;
    },
  };
}
