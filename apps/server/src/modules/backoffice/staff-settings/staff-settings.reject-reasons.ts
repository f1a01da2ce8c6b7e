import { eq, sql } from 'drizzle-orm';
import { DEFAULT_REJECT_REASONS, type RejectReasonsBody, type RejectReasonsResponse } from '@app/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { transactionWithRetry } from '../../../db/errors.js';
import { agencyRejectReasons } from '../../../db/schema/index.js';
import { writeAudit, type StaffActor } from '../../../audit/audit.js';

/** The agency's list, or the defaults while its owner has not saved one (migration 0122). */
async function read(db: Db | Tx, agencyId: string, lock = false): Promise<RejectReasonsResponse> {
  const query = db
    .select({ reasons: agencyRejectReasons.reasons })
    .from(agencyRejectReasons)
    .where(eq(agencyRejectReasons.agencyId, agencyId));
  const [row] = lock ? await query.for('update') : await query;
  return row ? { reasons: row.reasons, isDefault: false } : { reasons: [...DEFAULT_REJECT_REASONS], isDefault: true };
}

/**
 * The preset reasons staff choose from when they reject a withdrawal (decision 178): every money role
 * reads them, the owner sets them, and each change is audited with the list before and after.
 */
export function createRejectReasons(db: Db) {
  return {
    rejectReasons: (agencyId: string) => read(db, agencyId),

    async updateRejectReasons(actor: StaffActor, body: RejectReasonsBody): Promise<RejectReasonsResponse> {
      const { agencyId, staffId } = actor.staff;
      await transactionWithRetry(db, async (tx) => {
        const before = await read(tx, agencyId, true);
        await tx
          .insert(agencyRejectReasons)
          .values({ agencyId, reasons: body.reasons, staffId })
          .onConflictDoUpdate({ target: agencyRejectReasons.agencyId, set: { reasons: body.reasons, staffId, updatedAt: sql`now()` } });
        await writeAudit(tx, actor, {
          action: 'agency.reject_reasons',
          entityType: 'agency',
          entityId: agencyId,
          before: { reasons: before.reasons, isDefault: before.isDefault },
          after: { reasons: body.reasons },
        });
      });
      return { reasons: body.reasons, isDefault: false };
    },
  };
}
