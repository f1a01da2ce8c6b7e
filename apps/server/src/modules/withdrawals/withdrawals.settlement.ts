import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { players, withdrawals, type WithdrawalRow } from '../../db/schema/index.js';
import { backoff } from '../../jobs/backoff.js';
import { enqueueJob, type JobType } from '../../jobs/types.js';
import { ensureAccount, type AccountKey } from '../../ledger/ledger.js';
import type { Transfer, TransferKind } from '../../ledger/transfers/index.js';
import type { WithdrawalsServiceDependencies } from './withdrawals.types.js';

/** Transfer kinds of this module (docs/decisions/009-ledger.md, flows). */
export const WITHDRAW_KIND = 'withdraw' satisfies TransferKind;
export const RETURN_KIND = 'withdraw_return' satisfies TransferKind;
const RETURN_JOB = 'withdraw_return_retry' satisfies JobType;
/** a return the provider keeps refusing is left to staff after this many tries */
export const MAX_RETURN_ATTEMPTS = 5;

/** The agency's WITHDRAWALS_PAYABLE: the credit of its withdrawals between the provider and the payout. */
export const payableKey = (agencyId: string) => ({ agencyId, type: 'WITHDRAWALS_PAYABLE', currency: 'THB' }) as const satisfies AccountKey;

export const payableAccount = (tx: Tx, agencyId: string) => ensureAccount(tx, payableKey(agencyId));

/** Credit that goes back to the provider: all of it before payout, the cap's excess after. */
export const returnAmount = (w: WithdrawalRow) => (w.status === 'SUCCESS' ? w.creditReturned : w.totalCredit);

export async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | undefined> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return w;
}

/** Whether an order of this agency and player exists (scoping for 404s). */
export const ownedBy = (agencyId: string, playerId: string) => and(eq(withdrawals.agencyId, agencyId), eq(withdrawals.playerId, playerId));

export type WithdrawalSettlementDependencies = Pick<WithdrawalsServiceDependencies, 'db' | 'log' | 'config' | 'transfers' | 'worker'>;

/**
 * The transfers of withdrawals: built once by the withdrawals service, which it registers with the
 * transfer service (their settlement) and the worker (a refused return's next try).
 */
export function createWithdrawalSettlement({ db, log, config, transfers, worker }: WithdrawalSettlementDependencies) {
  /**
   * Gives credit back to the provider (cancel, reject, a cap's excess) through the transfer path,
   * in the caller's transaction with the order row locked. Each try has its own reference, so a
   * repeated call of the same try moves nothing twice.
   */
  async function requestReturn(tx: Tx, w: WithdrawalRow): Promise<Transfer> {
    const attempt = w.returnAttempts + 1;
    const [player] = await tx.select({ username: players.username }).from(players).where(eq(players.id, w.playerId));
    const { transfer } = await transfers.request(tx, {
      agencyId: w.agencyId,
      playerId: w.playerId,
      username: player!.username,
      providerId: w.providerId,
      direction: 'IN',
      amount: returnAmount(w),
      reference: `withdraw:${w.id}:return:${attempt}`,
      kind: RETURN_KIND,
      orderId: w.id,
      counterAccountId: await payableAccount(tx, w.agencyId),
    });
    await tx
      .update(withdrawals)
      .set({ returnStatus: 'PENDING', returnAttempts: attempt, updatedAt: sql`now()` })
      .where(eq(withdrawals.id, w.id));
    return transfer;
  }

  /**
   * Moves orders as their transfers settle, inside the settling transaction. The credit taken
   * out: POSTED → OPEN, VOIDED → FAILED (nothing moved). The credit given back: POSTED → returned;
   * VOIDED → the amount is back in WITHDRAWALS_PAYABLE and a new try is queued, up to a limit.
   */
  transfers.onSettled(WITHDRAW_KIND, async (tx, t, outcome) => {
    if (!t.orderId) return;
    // one statement: the UPDATE locks the row and checks PENDING on its newest version
    await tx
      .update(withdrawals)
      .set({ status: outcome === 'POSTED' ? 'OPEN' : 'FAILED', updatedAt: sql`now()` })
      .where(and(eq(withdrawals.id, t.orderId), ownedBy(t.agencyId, t.playerId), eq(withdrawals.status, 'PENDING')));
  });

  transfers.onSettled(RETURN_KIND, async (tx, t, outcome) => {
    const w = t.orderId ? await lockWithdrawal(tx, t.orderId) : undefined;
    if (!w || w.returnStatus !== 'PENDING') return;
    if (outcome === 'POSTED') {
      await tx
        .update(withdrawals)
        .set({ returnStatus: 'RETURNED', updatedAt: sql`now()` })
        .where(eq(withdrawals.id, w.id));
      return;
    }
    if (w.returnAttempts >= MAX_RETURN_ATTEMPTS) {
      log.error({ withdrawalId: w.id, reason: t.lastError }, 'withdrawal credit return refused too often; needs staff');
      await tx
        .update(withdrawals)
        .set({ returnStatus: 'ATTENTION', updatedAt: sql`now()` })
        .where(eq(withdrawals.id, w.id));
      return;
    }
    // the void moves the credit back to WITHDRAWALS_PAYABLE after this handler: try again later
    const delayMs = backoff(config.WORKER_RETRY_BASE_MS, w.returnAttempts + 1);
    await enqueueJob(
      tx,
      RETURN_JOB,
      { withdrawalId: w.id, attempt: w.returnAttempts },
      { uniqueKey: `${RETURN_JOB}:${w.id}:${w.returnAttempts}`, runAt: new Date(Date.now() + delayMs) },
    );
  });

  worker.handle(RETURN_JOB, async ({ withdrawalId, attempt }) => {
    await transactionWithRetry(db, async (tx) => {
      const w = await lockWithdrawal(tx, withdrawalId);
      if (!w || w.returnStatus !== 'PENDING' || w.returnAttempts !== attempt) return;
      await requestReturn(tx, w);
    });
    return { done: true };
  });

  return { requestReturn };
}

export type WithdrawalSettlement = ReturnType<typeof createWithdrawalSettlement>;
