import type { AuditAction } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { ChangeStaffPasswordBody } from '@app/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { staffUsers } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import {
  endAllStaffSessions,
  endStaffSession,
  requireStaff,
  secondFactorState,
  startStaffSession,
} from '../../../plugins/staff-session.js';
import { writeAudit } from '../../../audit/audit.js';
import { invalidCredentials } from './staff.errors.js';
import type { StaffService, StaffServiceDependencies } from './staff.types.js';
import { secondFactorStatus } from './second-factor.js';

const STAFF_USERNAME = /^[a-z0-9_.-]{1,64}$/;

/** A staff member's own session starting or ending, in the audit log. */
const auditSession = (db: Db | Tx, s: { agencyId: string; staffId: string; username: string }, action: AuditAction, ip: string) =>
  writeAudit(db, { staff: s, ip }, { action, entityType: 'staff', entityId: s.staffId });

export const currentPasswordIncorrect = () =>
  new AppError('PASSWORD_INCORRECT', 'password incorrect', { currentPassword: 'backoffice.validation.password_incorrect' });

/**
 * Staff login and logout, with the players' login rules under their own keys (plugins/login-throttle.ts);
 * the password alone opens a session that reaches only the second factor when one is asked (decision 049).
 */
export function createStaffAuth({
  db,
  passwords: hasher,
  loginThrottle: throttle,
}: Pick<StaffServiceDependencies, 'db' | 'passwords' | 'loginThrottle'>): Pick<StaffService, 'login' | 'logout' | 'me' | 'changePassword'> {
  return {
    async login(request, reply, agency, body) {
      const username = body.username.trim().toLowerCase();
      if (!STAFF_USERNAME.test(username)) {
        await throttle.consume(request, 'staff', agency.id);
        await hasher.verifyDummy(body.password);
        throw invalidCredentials();
      }
      const attempt = throttle.attempt(request, 'staff', agency.id, username);
      // the attempt counted against this client's budget in the round trip that reads the failures
      await throttle.admit(attempt, 'staff', { counting: true });
      const [staff] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.agencyId, agency.id), eq(staffUsers.username, username)));
      // an unknown name and a wrong password cost the same time and answer the same (DESIGN.md §10)
      let ok = false;
      if (staff) ok = await hasher.verify(staff.passwordHash, body.password);
      else await hasher.verifyDummy(body.password);
      if (!staff || !ok || !staff.active) {
        await throttle.failed(attempt, 'staff');
        throw invalidCredentials();
      }
      if (request.staff) await endStaffSession(db, request, reply);
      const rehash = hasher.needsRehash(staff.passwordHash) ? await hasher.hash(body.password) : undefined;
      await db.transaction(async (tx) => {
        await tx
          .update(staffUsers)
          .set({ lastLoginAt: new Date(), ...(rehash ? { passwordHash: rehash } : {}) })
          .where(eq(staffUsers.id, staff.id));
        await auditSession(tx, { agencyId: agency.id, staffId: staff.id, username: staff.username }, 'staff.login', request.ip);
      });
      const enrolled = staff.totpEnabledAt !== null;
      const state = secondFactorState(staff.role, enrolled, false);
      await startStaffSession(db, request, reply, { id: staff.id, agencyId: agency.id }, state === 'PASSED');
      await throttle.succeeded(attempt, reply);
      return {
        staff: { id: staff.id, username: staff.username, role: staff.role },
        secondFactor: secondFactorStatus({ role: staff.role, enrolled, secondFactor: state }),
      };
    },

    async logout(request, reply) {
      if (request.staff) await auditSession(db, request.staff, 'staff.logout', request.ip);
      await endStaffSession(db, request, reply);
    },

    async me(request) {
      const s = requireStaff(request, undefined, { beforeSecondFactor: true });
      return { staff: { id: s.staffId, username: s.username, role: s.role }, secondFactor: secondFactorStatus(s) };
    },

    /** The current password and a new one; every other session of this staff member ends (audited). */
    async changePassword(request: FastifyRequest, reply: FastifyReply, body: ChangeStaffPasswordBody) {
      const s = requireStaff(request);
      const attempt = throttle.attempt(request, 'staff', s.agencyId, s.username);
      await throttle.admit(attempt, 'staff');
      const [row] = await db.select({ hash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, s.staffId));
      if (!row || !(await hasher.verify(row.hash, body.currentPassword))) {
        await throttle.failed(attempt, 'staff');
        throw currentPasswordIncorrect();
      }
      const hash = await hasher.hash(body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(staffUsers).set({ passwordHash: hash }).where(eq(staffUsers.id, s.staffId));
        await auditSession(tx, s, 'staff.password_change', request.ip);
        await endAllStaffSessions(tx, request, s.staffId);
      });
      // this browser stays in, on a new session that has passed what the old one had
      await startStaffSession(db, request, reply, { id: s.staffId, agencyId: s.agencyId }, true);
    },
  };
}
