import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { withdrawals, type WithdrawalRow } from '../../db/schema/index.js';
import { houseAccount, post, type Entry } from '../../ledger/ledger.js';
import { bankReferenceUsed, noSuchWithdrawal, notOpen } from './withdrawals.errors.js';
import { firstApproval } from './withdrawals.risk.js';
import { lockWithdrawal, payableAccount, type WithdrawalSettlement } from './withdrawals.settlement.js';
import type { ApproveInput, Decision, RejectInput, WithdrawalsServiceDependencies } from './withdrawals.types.js';

/**
 * The withdrawal, locked, for a decision: OPEN, or already decided exactly so (`sameDecision`), which
 * is a repeat (a double click, a call retried after a lost answer): it answers the decision as it
 * stands and moves nothing. Any other state is 409 ORDER_NOT_OPEN.
 */
async function lockForDecision(
  tx: Tx,
  agencyId: string,
  id: string,
  sameDecision: (w: WithdrawalRow) => boolean,
): Promise<{ row: WithdrawalRow; repeat: Decision | null }> {
  const w = await lockWithdrawal(tx, id);
  // another agency's order does not exist for this staff member
  if (!w || w.agencyId !== agencyId) throw noSuchWithdrawal();
  if (w.status !== 'OPEN') {
    if (sameDecision(w)) return { row: w, repeat: { before: w, after: w, transfer: null, repeated: true } };
    throw notOpen(w.status);
  }
  return { row: w, repeat: null };
}

async function update(tx: Tx, id: string, set: Partial<WithdrawalRow>): Promise<WithdrawalRow> {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()`, decidedAt: sql`now()` })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

/**
 * Staff paid the kip out (docs/decisions/009-ledger.md): THB WITHDRAWALS_PAYABLE → EXCHANGE(THB)
 * for the credit paid, → PROMOTION_EXPENSE for a deducted bonus and a receivable cap's excess (the
 * house's, DESIGN.md §8, docs/decisions/045); LAK EXCHANGE(LAK) → BANK_CLEARING; the promotion
 * usage it was made under is a SUCCESS. Runs in the caller's transaction (with its audit row).
 */
export async function approveWithdrawal(
  promotions: WithdrawalsServiceDependencies['promotions'],
  tx: Tx,
  p: ApproveInput,
): Promise<Decision> {
  const { row: before, repeat } = await lockForDecision(
    tx,
    p.agencyId,
    p.id,
    (w) => w.status === 'SUCCESS' && w.bankReference === p.bankReference,
  );
  if (repeat) return repeat;
  const used = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.agencyId, p.agencyId), eq(withdrawals.bankReference, p.bankReference), ne(withdrawals.id, p.id)))
    .limit(1);
  if (used[0]) throw bankReferenceUsed();
  // over the agency's amount: the first of two approvals waits for a second staff user (decision 163)
  const first = await firstApproval(tx, before, p);
  if (first) return { before, after: first, transfer: null, firstApproval: true };
  const after = await update(tx, p.id, { status: 'SUCCESS', bankReference: p.bankReference, decidedBy: p.staffId });

  const agencyId = p.agencyId;
  const playerId = after.playerId;
  // kip first, then baht: the order a paid deposit takes the same accounts in, so the two never
  // wait on each other crosswise (post() sorts the accounts of one posting only)
  if (after.amountLak > 0n) {
    const exchangeLak = await houseAccount(tx, { agencyId, playerId, type: 'EXCHANGE', currency: 'LAK' });
    const clearing = await houseAccount(tx, { agencyId, playerId, type: 'BANK_CLEARING', currency: 'LAK' });
    await post(tx, {
      agencyId,
      reference: `withdraw:${p.id}:paid:lak`,
      kind: 'withdraw_paid',
      entries: [{ from: exchangeLak, to: clearing, currency: 'LAK', amount: after.amountLak }],
      metadata: { withdrawalId: p.id, bankReference: p.bankReference },
    });
  }
  const payable = await payableAccount(tx, agencyId);
  const entries: Entry[] = [];
  if (after.creditReceived > 0n) {
    const exchange = await houseAccount(tx, { agencyId, playerId, type: 'EXCHANGE', currency: 'THB' });
    entries.push({ from: payable, to: exchange, currency: 'THB', amount: after.creditReceived });
  }
  const toHouse = after.promoCredit + after.creditReturned;
  if (toHouse > 0n) {
    const expense = await houseAccount(tx, { agencyId, playerId, type: 'PROMOTION_EXPENSE', currency: 'THB' });
    entries.push({ from: payable, to: expense, currency: 'THB', amount: toHouse });
  }
  if (entries.length > 0) {
    await post(tx, {
      agencyId,
      reference: `withdraw:${p.id}:paid:thb`,
      kind: 'withdraw_paid',
      entries,
      metadata: { withdrawalId: p.id, bankReference: p.bankReference },
    });
  }
  await promotions.withdrawalApproved(tx, after);
  return { before, after, transfer: null };
}

/** Staff refused to pay: REJECTED, and the credit goes back to the provider once. */
export async function rejectWithdrawal(settlement: WithdrawalSettlement, tx: Tx, p: RejectInput): Promise<Decision> {
  const { row: before, repeat } = await lockForDecision(
    tx,
    p.agencyId,
    p.id,
    (w) => w.status === 'REJECTED' && w.rejectReason === p.reason,
  );
  if (repeat) return repeat;
  const after = await update(tx, p.id, { status: 'REJECTED', rejectReason: p.reason, decidedBy: p.staffId });
  const transfer = await settlement.requestReturn(tx, after);
  return { before, after, transfer };
}
