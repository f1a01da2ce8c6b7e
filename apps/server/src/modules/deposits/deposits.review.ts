import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { depositOrders, players, type DepositOrderRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Transfer } from '../../ledger/transfers/index.js';
import { bookPayments } from './deposits.book.js';
import { refundOrderKip } from './deposits.unmatched.js';
import type { DepositsServiceDependencies, ReviewChange } from './deposits.types.js';

/**
 * A paid deposit over the agency's amount held for staff review (docs/decisions/162): its kip is
 * booked when it is paid, its credit (and bonus) waits. Approved, the credit goes through the normal
 * path once; rejected, the kip goes back to the payer as a FAILED order's refund does, once.
 */

const notInReview = (status: string) =>
  new AppError('DEPOSIT_NOT_IN_REVIEW', `the deposit is ${status}`, { id: 'backoffice.attention.not_in_review' });
const refundReferenceUsed = () =>
  new AppError('CONFLICT', 'this bank reference is already recorded', { bankReference: 'backoffice.validation.bank_reference_used' });

/**
 * In the query that reads the orders just paid: their agency's `depositReviewOverLak` (text, null when
 * never set), read with them rather than in a statement of its own.
 */
export const reviewOverLakOf = sql<
  string | null
>`(SELECT a.settings ->> 'depositReviewOverLak' FROM agencies a WHERE a.id = deposit_orders.agency_id)`;

/**
 * The orders just paid that are over their agency's `depositReviewOverLak` (`overLak`, read with
 * `reviewOverLakOf`): marked REVIEW in the caller's transaction (the PAID mark's), answered for
 * bookPayments to leave their credit.
 */
export async function holdForReview(tx: Tx, orders: { order: DepositOrderRow; overLak: string | null }[]): Promise<Set<string>> {
  // an agency that never set it (null or absent) holds nothing
  const held = orders.filter(({ order, overLak }) => overLak !== null && order.amountLak > BigInt(overLak));
  if (held.length === 0) return new Set();
  const ids = held.map(({ order }) => order.id);
  await tx
    .update(depositOrders)
    .set({ status: 'REVIEW', updatedAt: sql`now()` })
    .where(and(inArray(depositOrders.id, ids), eq(depositOrders.status, 'PAID')));
  return new Set(ids);
}

/** The agency's deposit, locked for a staff action; another agency's does not exist for them (404). */
export async function lockDeposit(tx: Tx, agencyId: string, id: string): Promise<DepositOrderRow> {
  const [order] = await tx
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.id, id), eq(depositOrders.agencyId, agencyId)))
    .for('update');
  if (!order) throw notFound('no such deposit');
  return order;
}

/**
 * Approved: REVIEW → PAID and the credit (with a promotion's bonus) requested from the provider with
 * the deposit's own reference `dep:<id>`, so a repeat can never send it twice. A repeat or a colleague
 * first (no longer REVIEW, approved): nothing changes; a rejected one is 409.
 */
export async function approveHeld(
  deps: Pick<DepositsServiceDependencies, 'transfers' | 'promotions'>,
  tx: Tx,
  a: { agencyId: string; id: string; staffId: string },
): Promise<{ change: ReviewChange; requested: Transfer[] }> {
  const order = await lockDeposit(tx, a.agencyId, a.id);
  if (order.status !== 'REVIEW') {
    if (order.reviewedAt !== null && order.status !== 'REJECTED') return { change: null, requested: [] };
    throw notInReview(order.status);
  }
  const [after] = await tx
    .update(depositOrders)
    .set({ status: 'PAID', reviewedBy: a.staffId, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(depositOrders.id, order.id))
    .returning();
  const [player] = await tx.select({ username: players.username }).from(players).where(eq(players.id, order.playerId));
  const requested = await bookPayments(deps, tx, [{ order: after!, username: player!.username }], { kipBooked: true });
  return {
    change: { before: { status: 'REVIEW' }, after: { status: 'PAID', creditThb: String(order.creditThb) } },
    requested,
  };
}

/**
 * Rejected: REVIEW → REJECTED with the reason, and the kip refunded to the payer with the bank's
 * reference of that refund: EXCHANGE(LAK) → BANK_CLEARING (`deposit:<id>:refund`, once). The same
 * rejection again changes nothing; an approved one is 409.
 */
export async function rejectHeld(
  tx: Tx,
  a: { agencyId: string; id: string; staffId: string; bankReference: string; reason?: string | undefined },
): Promise<ReviewChange> {
  const order = await lockDeposit(tx, a.agencyId, a.id);
  if (order.status !== 'REVIEW') {
    if (order.status === 'REJECTED' && order.refundReference === a.bankReference) return null;
    throw notInReview(order.status);
  }
  try {
    await tx
      .update(depositOrders)
      .set({
        status: 'REJECTED',
        reviewedBy: a.staffId,
        reviewedAt: sql`now()`,
        reviewReason: a.reason ?? null,
        refundReference: a.bankReference,
        refundedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(depositOrders.id, order.id), isNull(depositOrders.refundedAt)));
  } catch (err) {
    if (isUniqueViolation(err)) throw refundReferenceUsed();
    throw err;
  }
  await refundOrderKip(tx, order, a.bankReference);
  return {
    before: { status: 'REVIEW' },
    after: { status: 'REJECTED', reason: a.reason ?? null, refundReference: a.bankReference, amountLak: String(order.amountLak) },
  };
}
