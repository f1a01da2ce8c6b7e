import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { staffUsers } from '../../db/schema/index.js';
import { LIMITS } from '../../plugins/rate-limit.js';
import { endStaffSession, startStaffSession } from '../../plugins/staff-session.js';
import { writeAudit } from './audit.js';
import { invalidCredentials } from './backoffice.errors.js';
import type { BackofficeService, BackofficeServiceDependencies } from './backoffice.types.js';

const STAFF_USERNAME = /^[a-z0-9_.-]{1,64}$/;

/** A staff member's own session starting or ending, in the audit log. */
const auditSession = (db: Db | Tx, s: { agencyId: string; staffId: string; username: string }, action: string, ip: string) =>
  writeAudit(db, {
    agencyId: s.agencyId,
    staff: { staffId: s.staffId, username: s.username },
    action,
    entityType: 'staff',
    entityId: s.staffId,
    ip,
  });

/** Staff login and logout, with the players' rate limits under their own keys. */
export function createStaffAuth({
  db,
  passwords: hasher,
  rateLimiter: limiter,
}: Pick<BackofficeServiceDependencies, 'db' | 'passwords' | 'rateLimiter'>): Pick<BackofficeService, 'login' | 'logout'> {
  return {
    async login(request, reply, agency, body) {
      await limiter.consume(LIMITS.loginPerIp, `staff:${agency.id}:${request.ip}`);
      const username = body.username.trim().toLowerCase();
      const key = `staff:${agency.id}:${username}`;
      if (!STAFF_USERNAME.test(username)) {
        await hasher.verifyDummy(body.password);
        throw invalidCredentials();
      }
      await limiter.check(LIMITS.loginFailuresPerAccount, key);
      const [staff] = await db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.agencyId, agency.id), eq(staffUsers.username, username)));
      // an unknown name and a wrong password cost the same time and answer the same (DESIGN.md §10)
      let ok = false;
      if (staff) ok = await hasher.verify(staff.passwordHash, body.password);
      else await hasher.verifyDummy(body.password);
      if (!ok) await limiter.record(LIMITS.loginFailuresPerAccount, key);
      if (!staff || !ok || !staff.active) throw invalidCredentials();
      await limiter.reset(LIMITS.loginFailuresPerAccount, key);
      if (request.staff) await endStaffSession(db, request, reply);
      const rehash = hasher.needsRehash(staff.passwordHash) ? await hasher.hash(body.password) : undefined;
      await db.transaction(async (tx) => {
        await tx
          .update(staffUsers)
          .set({ lastLoginAt: new Date(), ...(rehash ? { passwordHash: rehash } : {}) })
          .where(eq(staffUsers.id, staff.id));
        await auditSession(tx, { agencyId: agency.id, staffId: staff.id, username: staff.username }, 'staff.login', request.ip);
      });
      await startStaffSession(db, request, reply, { id: staff.id, agencyId: agency.id });
      return { staff: { id: staff.id, username: staff.username, role: staff.role } };
    },

    async logout(request, reply) {
      if (request.staff) await auditSession(db, request.staff, 'staff.logout', request.ip);
      await endStaffSession(db, request, reply);
    },
  };
}
