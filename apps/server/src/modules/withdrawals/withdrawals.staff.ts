import type { AuditAction } from '@app/contracts';
import type { Db, Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { writeAudit, type StaffActor } from '../../audit/audit.js';
import type { Transfer } from '../../ledger/transfers/index.js';
import { approveWithdrawal, rejectWithdrawal } from './withdrawals.decisions.js';
import { listWithdrawals, openSummary, playerUsername, withdrawalDetail } from './withdrawals.queue.js';
import type { WithdrawalSettlement } from './withdrawals.settlement.js';
import type { Decision, WithdrawalsService, WithdrawalsServiceDependencies } from './withdrawals.types.js';
import { toBackofficeWithdrawal } from './withdrawals.view.js';

type StaffSide = Pick<WithdrawalsService, 'queue' | 'detail' | 'openSummary' | 'approve' | 'reject'>;

/** The back office's side of withdrawals (DESIGN.md §9): the queue staff work through and their decisions. */
export function createWithdrawalsStaff(
  db: Db,
  promotions: WithdrawalsServiceDependencies['promotions'],
  settlement: WithdrawalSettlement,
  settleSoon: (transfer: Transfer) => Promise<void>,
): StaffSide {
  /** One decision: the change, its audit row and the ledger commit together; a return settles after. */
  async function decide({ staff, ip }: StaffActor, action: AuditAction, run: (tx: Tx) => Promise<Decision>) {
    const decision = await transactionWithRetry(db, async (tx) => {
      const d = await run(tx);
      // a repeat changed nothing: the first call's audit row is the record of it
      if (d.repeated) return d;
      await writeAudit(
        tx,
        { staff, ip },
        {
          action: d.firstApproval ? 'withdrawal.first_approve' : action,
          entityType: 'withdrawal',
          entityId: d.after.id,
          before: { status: d.before.status },
          after: { status: d.after.status, bankReference: d.after.bankReference, rejectReason: d.after.rejectReason },
        },
      );
      return d;
    });
    if (decision.transfer) await settleSoon(decision.transfer);
    return { withdrawal: toBackofficeWithdrawal(decision.after, await playerUsername(db, decision.after.playerId)) };
  }

  return {
    queue: (agencyId, q) => listWithdrawals(db, agencyId, q),
    detail: (agencyId, id) => withdrawalDetail(db, agencyId, id),
    openSummary: (agencyId) => openSummary(db, agencyId),
    approve: (actor, id, bankReference) =>
      decide(actor, 'withdrawal.approve', (tx) =>
        approveWithdrawal(promotions, tx, {
          agencyId: actor.staff.agencyId,
          id,
          staffId: actor.staff.staffId,
          staffUsername: actor.staff.username,
          bankReference,
        }),
      ),
    reject: (actor, id, reason) =>
      decide(actor, 'withdrawal.reject', (tx) =>
        rejectWithdrawal(settlement, tx, { agencyId: actor.staff.agencyId, id, staffId: actor.staff.staffId, reason }),
      ),
  };
}
