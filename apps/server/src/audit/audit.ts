import type { AuditAction } from '@app/contracts';
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { FastifyRequest } from 'fastify';
import { requireStaff, type StaffSession } from '../plugins/staff-session.js';

/**
 * Who acted, and from where: a staff member of an agency (their session, or what it holds), or the
 * operations command (`npm run ops`: no staff id, the username `ops`, no address).
 */
export interface AuditActor {
  staff: { agencyId: string; staffId: string | null; username: string };
  ip: string | null;
}

/** Who acts, and from where, in a staff route: every staff action is written to the audit log with these. */
export interface StaffActor {
  staff: StaffSession;
  ip: string;
}

/** The staff member signed in on this request, and its address (after the route's access check). */
export const staffActor = (request: FastifyRequest): StaffActor => ({ staff: requireStaff(request), ip: request.ip });

export interface AuditEntry {
  action: AuditAction;
  entityType: string;
  entityId?: string | null;
  before?: object | null;
  after?: object | null;
}

/**
 * Appends one staff action to the audit log (append-only by trigger). Write it in the same
 * transaction as the change it records, so neither exists without the other. A core service beside
 * the ledger: every module whose staff actions change something records them here.
 */
export async function writeAudit(db: Db | Tx, { staff, ip }: AuditActor, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    agencyId: staff.agencyId,
    staffId: staff.staffId,
    staffUsername: staff.username,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId ?? null,
    before: (e.before ?? null) as Record<string, unknown> | null,
    after: (e.after ?? null) as Record<string, unknown> | null,
    ip,
  });
}
