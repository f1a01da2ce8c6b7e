import type { AuditAction } from '@app/contracts';
import type { AttentionKind } from '@app/contracts';
import type { Tx } from '../../../db/client.js';
import { transactionWithRetry } from '../../../db/errors.js';
import type { Transfer } from '../../../ledger/transfers/index.js';
import { writeAudit, type StaffActor } from '../../../audit/audit.js';
import { recheckUnknown, refundFailed, refundUnmatched, resolveUnknown, retryFailed } from './attention.actions.js';
import { attentionItem, attentionSummary, listAttention } from './attention.list.js';
import type { AttentionService, AttentionServiceDependencies } from './attention.types.js';

type Change = { before: Record<string, unknown>; after: Record<string, unknown> } | null;

export function createAttentionService({ db, config, transfers, deposits }: AttentionServiceDependencies): AttentionService {
  const minutes = config.TRANSFER_ATTENTION_MINUTES;

  /**
   * One action: the change and its audit row in one transaction (a repeat that changes nothing
   * writes no audit row); the transfers it requested dispatched once committed; answers the item
   * as it is now, null once it has left its list.
   */
  async function act(
    { staff, ip }: StaffActor,
    target: { kind: AttentionKind; id: string; action: AuditAction; entityType: string },
    run: (tx: Tx) => Promise<{ change: Change; requested?: Transfer[] }>,
  ) {
    const { requested } = await transactionWithRetry(db, async (tx) => {
      const done = await run(tx);
      if (done.change)
        await writeAudit(
          tx,
          { staff, ip },
          {
            action: target.action,
            entityType: target.entityType,
            entityId: target.id,
            before: done.change.before,
            after: done.change.after,
          },
        );
      return done;
    });
    if (requested && requested.length > 0) transfers.dispatch(requested);
    return { item: await attentionItem(db, target.kind, { agencyId: staff.agencyId, attentionMinutes: minutes, id: target.id }) };
  }

  return {
    list: (agencyId, kind, cursor, limit) => listAttention(db, kind, { agencyId, cursor, limit, attentionMinutes: minutes }),
    summary: (agencyId) => attentionSummary(db, agencyId, minutes),
    retry: (actor, id, seen) =>
      act(actor, { kind: 'TRANSFER_FAILED', id, action: 'deposit.retry_transfer', entityType: 'deposit' }, (tx) =>
        retryFailed(tx, transfers, { agencyId: actor.staff.agencyId, id, seen }),
      ),
    recheck: (actor, id) =>
      act(actor, { kind: 'TRANSFER_UNKNOWN', id, action: 'transfer.recheck', entityType: 'provider_transfer' }, async (tx) => ({
        change: await recheckUnknown(tx, { agencyId: actor.staff.agencyId, id }),
      })),
    resolve: (actor, id, body) =>
      act(actor, { kind: 'TRANSFER_UNKNOWN', id, action: 'transfer.resolve', entityType: 'provider_transfer' }, async (tx) => ({
        change: await resolveUnknown(tx, transfers, { agencyId: actor.staff.agencyId, id, ...body, attentionMinutes: minutes }),
      })),
    refundDeposit: (actor, id, bankReference) =>
      act(actor, { kind: 'TRANSFER_FAILED', id, action: 'deposit.refund', entityType: 'deposit' }, async (tx) => ({
        change: await refundFailed(tx, deposits.refundKip, { agencyId: actor.staff.agencyId, id, bankReference }),
      })),
    refundPayment: (actor, id, bankReference) =>
      act(actor, { kind: 'UNMATCHED_PAYMENT', id, action: 'unmatched_payment.refund', entityType: 'unmatched_payment' }, async (tx) => ({
        change: await refundUnmatched(tx, deposits.refundKip, { agencyId: actor.staff.agencyId, id, bankReference }),
      })),
    approveHeld: (actor, id) =>
      act(actor, { kind: 'DEPOSIT_REVIEW', id, action: 'deposit.review_approve', entityType: 'deposit' }, (tx) =>
        deposits.review.approve(tx, { agencyId: actor.staff.agencyId, id, staffId: actor.staff.staffId }),
      ),
    rejectHeld: (actor, id, body) =>
      act(actor, { kind: 'DEPOSIT_REVIEW', id, action: 'deposit.review_reject', entityType: 'deposit' }, async (tx) => ({
        change: await deposits.review.reject(tx, { agencyId: actor.staff.agencyId, id, staffId: actor.staff.staffId, ...body }),
      })),
  };
}
