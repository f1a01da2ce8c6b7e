import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { creditMoves, players, type CreditMoveRow } from '../../db/schema/index.js';
import { backoff } from '../../jobs/backoff.js';
import { enqueueJob, type JobType } from '../../jobs/types.js';
import { houseAccount } from '../../ledger/ledger.js';
import type { Transfer, TransferKind } from '../../ledger/transfers/index.js';
import type { CreditMovesDependencies } from './credit-moves.types.js';

/** Transfer kinds of this module (decision 176). */
export const OUT_KIND = 'move_out' satisfies TransferKind;
export const IN_KIND = 'move_in' satisfies TransferKind;
export const RETURN_KIND = 'move_return' satisfies TransferKind;
const RETURN_JOB = 'credit_move_return_retry' satisfies JobType;
/** a return the first provider keeps refusing is logged for staff after this many tries (and still tried) */
export const RETURN_ALARM_ATTEMPTS = 5;

/** Credit between the two providers: taken out of the first, not yet at the second (a house account, one per shard). */
export const movesAccount = (tx: Tx, agencyId: string, playerId: string) =>
  houseAccount(tx, { agencyId, playerId, type: 'CREDIT_MOVES', currency: 'THB' });

export async function lockMove(tx: Tx, id: string): Promise<CreditMoveRow | undefined> {
  const [m] = await tx.select().from(creditMoves).where(eq(creditMoves.id, id)).for('update');
  return m;
}

const setStatus = (tx: Tx, id: string, status: CreditMoveRow['status'], extra: Partial<CreditMoveRow> = {}) =>
  tx
    .update(creditMoves)
    .set({ status, ...extra, updatedAt: sql`now()` })
    .where(eq(creditMoves.id, id));

type Deps = Pick<CreditMovesDependencies, 'db' | 'log' | 'config' | 'transfers' | 'worker'>;

/**
 * The transfers of moves, registered with the transfer service (their settlement) and the worker (a
 * refused return's next try). Each leg is requested in the transaction that settles the one before
 * it (the outbox), with a reference of its own: never sent twice, never lost.
 */
export function createMoveSettlement({ db, log, config, transfers, worker }: Deps) {
  /** A transfer of the move's credit between CREDIT_MOVES and one of its providers, in the caller's transaction. */
  async function leg(tx: Tx, m: CreditMoveRow, p: { kind: TransferKind; providerId: string; direction: 'IN' | 'OUT'; reference: string }) {
    const [player] = await tx.select({ username: players.username }).from(players).where(eq(players.id, m.playerId));
    const { transfer } = await transfers.request(tx, {
      agencyId: m.agencyId,
      playerId: m.playerId,
      username: player!.username,
      providerId: p.providerId,
      direction: p.direction,
      amount: m.amount,
      reference: p.reference,
      kind: p.kind,
      orderId: m.id,
      counterAccountId: await movesAccount(tx, m.agencyId, m.playerId),
    });
    return transfer;
  }

  /** The credit taken out of the first provider, with the move just written (MOVING_OUT). */
  const takeOut = (tx: Tx, m: CreditMoveRow): Promise<Transfer> =>
    leg(tx, m, { kind: OUT_KIND, providerId: m.fromProviderId, direction: 'OUT', reference: `move:${m.id}:out` });

  /** The credit given back to the first provider (the second refused it): one try, its own reference. */
  async function giveBack(tx: Tx, m: CreditMoveRow) {
    const attempt = m.returnAttempts + 1;
    await leg(tx, m, { kind: RETURN_KIND, providerId: m.fromProviderId, direction: 'IN', reference: `move:${m.id}:return:${attempt}` });
    await setStatus(tx, m.id, 'RETURNING', { returnAttempts: attempt });
  }

  // out of the first: POSTED → on to the second in this same transaction; VOIDED → nothing moved
  transfers.onSettled(OUT_KIND, async (tx, t, outcome) => {
    const m = t.orderId ? await lockMove(tx, t.orderId) : undefined;
    if (!m || m.status !== 'MOVING_OUT') return;
    if (outcome === 'VOIDED') return void (await setStatus(tx, m.id, 'FAILED'));
    // the reservation takes from CREDIT_MOVES before this settlement's posting fills it: one transaction, balanced at commit
    await leg(tx, m, { kind: IN_KIND, providerId: m.toProviderId, direction: 'IN', reference: `move:${m.id}:in` });
    await setStatus(tx, m.id, 'MOVING_IN');
  });

  // at the second: POSTED → done; VOIDED → the void puts it back in CREDIT_MOVES, and it goes back to the first
  transfers.onSettled(IN_KIND, async (tx, t, outcome) => {
    const m = t.orderId ? await lockMove(tx, t.orderId) : undefined;
    if (!m || m.status !== 'MOVING_IN') return;
    if (outcome === 'POSTED') return void (await setStatus(tx, m.id, 'DONE'));
    await giveBack(tx, m);
  });

  // back at the first: POSTED → returned; VOIDED → tried again later, for as long as it takes
  transfers.onSettled(RETURN_KIND, async (tx, t, outcome) => {
    const m = t.orderId ? await lockMove(tx, t.orderId) : undefined;
    if (!m || m.status !== 'RETURNING') return;
    if (outcome === 'POSTED') return void (await setStatus(tx, m.id, 'RETURNED'));
    if (m.returnAttempts >= RETURN_ALARM_ATTEMPTS)
      log.error(
        { moveId: m.id, attempts: m.returnAttempts, reason: t.lastError },
        'moved credit refused back by its first provider; still trying',
      );
    const delayMs = backoff(config.WORKER_RETRY_BASE_MS, m.returnAttempts + 1);
    await enqueueJob(
      tx,
      RETURN_JOB,
      { moveId: m.id, attempt: m.returnAttempts },
      { uniqueKey: `${RETURN_JOB}:${m.id}:${m.returnAttempts}`, runAt: new Date(Date.now() + delayMs) },
    );
  });

  worker.handle(RETURN_JOB, async ({ moveId, attempt }) => {
    await transactionWithRetry(db, async (tx) => {
      const m = await lockMove(tx, moveId);
      if (!m || m.status !== 'RETURNING' || m.returnAttempts !== attempt) return;
      await giveBack(tx, m);
    });
    return { done: true };
  });

  return { takeOut };
}
