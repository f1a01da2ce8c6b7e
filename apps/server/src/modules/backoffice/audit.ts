import type { Db, Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  agencyId: string;
  staff: { staffId: string | null; username: string };
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
}

/**
 * Appends one staff action to the audit log (append-only by trigger). Write it in the same
 * transaction as the change it records, so neither exists without the other.
 */
export async function writeAudit(db: Db | Tx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    agencyId: e.agencyId,
    staffId: e.staff.staffId,
    staffUsername: e.staff.username,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
    ip: e.ip ?? null,
  });
}
