import type { Tx } from '../../db/client.js';
import { transactionWithRetry } from '../../db/errors.js';
import { toBackofficeWithdrawal } from '../withdrawals/withdrawals.view.js';
import type { Decision } from '../withdrawals/withdrawals.types.js';
import { writeAudit } from './audit.js';
import type { BackofficeService, BackofficeServiceDependencies, StaffActor } from './backoffice.types.js';
import { createSecondFactor } from './second-factor.js';
import { createStaffAdmin } from './staff-admin.js';
import { createStaffAuth } from './staff-auth.js';
import { listWithdrawals, openSummary, playerUsername, withdrawalDetail } from './withdrawal-queue.js';

export function createBackofficeService(deps: BackofficeServiceDependencies): BackofficeService {
  const { db, withdrawals } = deps;

  /** One decision: the change, its audit row and the ledger commit together; a return settles after. */
  async function decide({ staff, ip }: StaffActor, action: string, run: (tx: Tx) => Promise<Decision>) {
    const decision = await transactionWithRetry(db, async (tx) => {
      const d = await run(tx);
      // a repeat changed nothing: the first call's audit row is the record of it
      if (d.repeated) return d;
      await writeAudit(
        tx,
        { staff, ip },
        {
          action,
          entityType: 'withdrawal',
          entityId: d.after.id,
          before: { status: d.before.status },
          after: { status: d.after.status, bankReference: d.after.bankReference, rejectReason: d.after.rejectReason },
        },
      );
      return d;
    });
    if (decision.transfer) await withdrawals.settleSoon(decision.transfer);
    return { withdrawal: toBackofficeWithdrawal(decision.after, await playerUsername(db, decision.after.playerId)) };
  }

  return {
    ...createStaffAuth(deps),
    secondFactor: createSecondFactor(deps),
    staffAdmin: createStaffAdmin({ db, passwords: deps.passwords }),
    withdrawals: (agencyId, q) => listWithdrawals(db, agencyId, q),
    withdrawal: (agencyId, id) => withdrawalDetail(db, agencyId, id),
    openWithdrawals: (agencyId) => openSummary(db, agencyId),
    approveWithdrawal: (actor, id, bankReference) =>
      decide(actor, 'withdrawal.approve', (tx) =>
        withdrawals.approve(tx, { agencyId: actor.staff.agencyId, id, staffId: actor.staff.staffId, bankReference }),
      ),
    rejectWithdrawal: (actor, id, reason) =>
      decide(actor, 'withdrawal.reject', (tx) =>
        withdrawals.reject(tx, { agencyId: actor.staff.agencyId, id, staffId: actor.staff.staffId, reason }),
      ),
  };
}
