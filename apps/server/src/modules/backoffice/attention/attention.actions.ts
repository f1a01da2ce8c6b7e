import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { depositOrders, jobs, players, providerTransfers, unmatchedPayments } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../errors.js';
import { ensureAccounts, houseKey } from '../../../ledger/ledger.js';
import { jobKey, type Transfer, type TransferService } from '../../../ledger/transfers/index.js';
import { DEPOSIT_TRANSFER_KIND, lockDeposit, type DepositsService } from '../../deposits/index.js';

/**
 * What staff do with a deposit needing attention (docs/decisions/059), each in the caller's
 * transaction (with its audit row), each safe to repeat: a repeated or concurrent call finds the
 * row it locks already moved and changes nothing. Answers what the audit log records.
 */

type Change = { before: Record<string, unknown>; after: Record<string, unknown> } | null;

const referenceUsed = () =>
  new AppError('CONFLICT', 'this bank reference is already recorded', { bankReference: 'backoffice.validation.bank_reference_used' });
const notFailed = () => new AppError('CONFLICT', 'the deposit is no longer FAILED', { id: 'backoffice.attention.not_failed' });

/**
 * A FAILED deposit's credit sent to the provider again: a new transfer of the amount that failed,
 * with the reference `dep:<id>:retry:<n>` (n: transfers made so far, the number staff saw), through
 * the transfer machinery; the order PAID again until it settles. A call whose `seen` is not the count
 * now (a repeat, or another staff member first) does nothing: never two transfers for one press.
 */
export async function retryFailed(
  tx: Tx,
  transfers: Pick<TransferService, 'requestMany'>,
  a: { agencyId: string; id: string; seen: number },
): Promise<{ change: Change; requested: Transfer[] }> {
  const order = await lockDeposit(tx, a.agencyId, a.id);
  const made = await tx
    .select()
    .from(providerTransfers)
    .where(eq(providerTransfers.orderId, order.id))
    .orderBy(desc(providerTransfers.createdAt), desc(providerTransfers.id));
  if (order.status !== 'FAILED' || order.refundedAt !== null || made.length !== a.seen) return { change: null, requested: [] };
  const last = made[0];
  if (!last || last.status !== 'VOIDED') throw notFailed();
  const [player] = await tx.select({ username: players.username }).from(players).where(eq(players.id, order.playerId));
  const [exchange] = await ensureAccounts(tx, [
    houseKey({ agencyId: order.agencyId, playerId: order.playerId, type: 'EXCHANGE', currency: 'THB' }),
  ]);
  const [requested] = await transfers.requestMany(
    tx,
    [
      {
        params: {
          agencyId: order.agencyId,
          playerId: order.playerId,
          username: player!.username,
          providerId: order.providerId,
          direction: 'IN',
          // the order's own credit: a VOIDED transfer's bonus went back to the promotion account (decision 045)
          amount: order.creditThb,
          reference: `dep:${order.id}:retry:${made.length}`,
          kind: DEPOSIT_TRANSFER_KIND,
          orderId: order.id,
          counterAccountId: exchange,
        },
      },
    ],
    [],
    { dispatch: true },
  );
  await tx
    .update(depositOrders)
    .set({ status: 'PAID', updatedAt: sql`now()` })
    .where(and(eq(depositOrders.id, order.id), eq(depositOrders.status, 'FAILED')));
  return {
    change: {
      before: { status: 'FAILED', transfers: made.length },
      after: { status: 'PAID', transferId: requested!.transfer.id, reference: requested!.transfer.reference },
    },
    requested: requested!.duplicate ? [] : [requested!.transfer],
  };
}

/** The agency's transfer (404 otherwise), or null once it is settled. */
async function pendingTransfer(tx: Tx, a: { agencyId: string; id: string }) {
  const [t] = await tx
    .select()
    .from(providerTransfers)
    .where(and(eq(providerTransfers.id, a.id), eq(providerTransfers.agencyId, a.agencyId)));
  if (!t) throw notFound('no such transfer');
  return t.status === 'PENDING' ? t : null;
}

/**
 * A transfer whose outcome is still unknown: its job made due now, so the worker asks the provider
 * about the same reference at once (never a second transfer). Settled meanwhile: nothing to do.
 */
export async function recheckUnknown(tx: Tx, a: { agencyId: string; id: string }): Promise<Change> {
  const t = await pendingTransfer(tx, a);
  if (!t) return null;
  await tx
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.uniqueKey, jobKey(t.id)), isNull(jobs.doneAt)));
  return { before: { status: t.status, attempts: t.attempts, lastError: t.lastError }, after: { askedAgain: true } };
}

/**
 * An unknown transfer decided by staff from the provider's own records (an AMB transfer whose
 * member played during the attempt cannot be told from the balance: docs/decisions/141): applied →
 * POSTED, not applied → VOIDED (the deposit FAILED: retried or refunded from this list), the note
 * kept as its reason, its job done. Only a transfer in the list (unknown for the attention delay);
 * settled meanwhile by the worker or a colleague: nothing changes.
 */
export async function resolveUnknown(
  tx: Tx,
  transfers: Pick<TransferService, 'settleIn'>,
  a: { agencyId: string; id: string; applied: boolean; note: string; attentionMinutes: number },
): Promise<Change> {
  const t = await pendingTransfer(tx, a);
  if (!t) return null;
  if (Date.now() - t.createdAt.getTime() < a.attentionMinutes * 60_000)
    throw new AppError('CONFLICT', 'the transfer is still being asked about', { id: 'backoffice.attention.too_early' });
  const outcome = a.applied ? 'POSTED' : 'VOIDED';
  const settled = await transfers.settleIn(
    tx,
    [{ transferId: t.id, outcome, providerTransferId: a.applied ? 'staff-ruling' : null, reason: `staff ruling: ${a.note}` }],
    { completeJobs: true },
  );
  if (settled.length === 0) return null;
  return {
    before: { status: t.status, attempts: t.attempts, lastError: t.lastError },
    after: { status: outcome, note: a.note },
  };
}

/** A FAILED deposit's kip paid back to the payer: EXCHANGE(LAK) → BANK_CLEARING, once, with the bank's reference. */
export async function refundFailed(
  tx: Tx,
  refundKip: DepositsService['refundKip'],
  a: { agencyId: string; id: string; bankReference: string },
): Promise<Change> {
  const order = await lockDeposit(tx, a.agencyId, a.id);
  if (order.refundReference !== null) {
    if (order.refundReference === a.bankReference) return null;
    throw notFailed();
  }
  if (order.status !== 'FAILED') throw notFailed();
  await recordRefund(() =>
    tx
      .update(depositOrders)
      .set({ refundReference: a.bankReference, refundedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(depositOrders.id, order.id), eq(depositOrders.status, 'FAILED'), isNull(depositOrders.refundedAt))),
  );
  await refundKip.order(tx, order, a.bankReference);
  return {
    before: { status: 'FAILED', refundReference: null },
    after: { refundReference: a.bankReference, amountLak: String(order.amountLak) },
  };
}

/** An unmatched payment paid back: its kip out of EXCHANGE(LAK) as it came in (the same booking, reversed), once. */
export async function refundUnmatched(
  tx: Tx,
  refundKip: DepositsService['refundKip'],
  a: { agencyId: string; id: string; bankReference: string },
): Promise<Change> {
  const [p] = await tx
    .select()
    .from(unmatchedPayments)
    .where(and(eq(unmatchedPayments.id, a.id), eq(unmatchedPayments.agencyId, a.agencyId)))
    .for('update');
  if (!p) throw notFound('no such payment');
  if (p.refundReference !== null) {
    if (p.refundReference === a.bankReference) return null;
    throw new AppError('CONFLICT', 'this payment was refunded already', { id: 'backoffice.attention.refunded' });
  }
  await recordRefund(() =>
    tx
      .update(unmatchedPayments)
      .set({ refundReference: a.bankReference, refundedAt: sql`now()` })
      .where(and(eq(unmatchedPayments.id, p.id), isNull(unmatchedPayments.refundedAt))),
  );
  await refundKip.unmatched(tx, p, a.bankReference);
  return {
    before: { refundReference: null, reason: p.reason },
    after: { refundReference: a.bankReference, amountLak: String(p.amountLak) },
  };
}

/** The refund's row change; its bank reference already recorded (unique) is the caller's mistake, not a 500. */
async function recordRefund(update: () => Promise<unknown>) {
  try {
    await update();
  } catch (err) {
    if (isUniqueViolation(err)) throw referenceUsed();
    throw err;
  }
}
