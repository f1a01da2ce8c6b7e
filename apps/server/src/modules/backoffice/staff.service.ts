import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { StaffLoginBody, StaffRole, StaffSessionResponse } from '@app/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { staffUsers } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { AgencyContext } from '../../plugins/agency.js';
import { endStaffSession, startStaffSession } from '../../plugins/staff-session.js';
import { createPasswordHasher, type PasswordHasher } from '../accounts/passwords.js';
import { writeAudit } from './audit.js';

const STAFF_USERNAME = /^[a-z0-9_.-]{1,64}$/;

export async function createStaffUser(
  db: Db,
  hasher: PasswordHasher,
  s: { agencyId: string; username: string; password: string; role: StaffRole },
): Promise<string> {
  const [row] = await db
    .insert(staffUsers)
    .values({ agencyId: s.agencyId, username: s.username, passwordHash: await hasher.hash(s.password), role: s.role })
    .returning({ id: staffUsers.id });
  return row!.id;
}

/**
 * The demo agency's first owner: SEED_STAFF_USERNAME with SEED_STAFF_PASSWORD, or a random
 * password written to the log once, when the owner is created. An agency with an owner is left alone.
 */
export async function seedStaff(db: Db, agencyId: string, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  const owners = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.agencyId, agencyId), eq(staffUsers.role, 'owner')))
    .limit(1);
  if (owners[0]) return;
  const password = config.SEED_STAFF_PASSWORD ?? randomBytes(12).toString('base64url');
  await createStaffUser(db, createPasswordHasher(config), { agencyId, username: config.SEED_STAFF_USERNAME, password, role: 'owner' });
  if (config.SEED_STAFF_PASSWORD) log.info({ username: config.SEED_STAFF_USERNAME }, 'back office owner created');
  else log.warn(`back office owner "${config.SEED_STAFF_USERNAME}" created with password ${password} (shown once; change it)`);
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'username or password incorrect');

/** Staff login and logout, with the players' login rules under their own keys (plugins/login-throttle.ts). */
export function staffAuthService(app: FastifyInstance) {
  const hasher = createPasswordHasher(app.config);
  const throttle = app.loginThrottle;
  return {
    async login(request: FastifyRequest, reply: FastifyReply, agency: AgencyContext, body: StaffLoginBody): Promise<StaffSessionResponse> {
      await throttle.consume(request, 'staff', agency.id);
      const username = body.username.trim().toLowerCase();
      if (!STAFF_USERNAME.test(username)) {
        await hasher.verifyDummy(body.password);
        throw invalidCredentials();
      }
      const attempt = throttle.attempt(request, 'staff', agency.id, username);
      await throttle.admit(attempt, 'staff');
      const [staff] = await app.db
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
      if (request.staff) await endStaffSession(app.db, request, reply);
      const rehash = hasher.needsRehash(staff.passwordHash) ? await hasher.hash(body.password) : undefined;
      await app.db.transaction(async (tx) => {
        await tx
          .update(staffUsers)
          .set({ lastLoginAt: new Date(), ...(rehash ? { passwordHash: rehash } : {}) })
          .where(eq(staffUsers.id, staff.id));
        await writeAudit(tx, {
          agencyId: agency.id,
          staff: { staffId: staff.id, username: staff.username },
          action: 'staff.login',
          entityType: 'staff',
          entityId: staff.id,
          ip: request.ip,
        });
      });
      await startStaffSession(app.db, request, reply, { id: staff.id, agencyId: agency.id });
      await throttle.succeeded(attempt, reply);
      return { staff: { id: staff.id, username: staff.username, role: staff.role } };
    },

    async logout(request: FastifyRequest, reply: FastifyReply) {
      const s = request.staff;
      if (s) {
        await writeAudit(app.db, {
          agencyId: s.agencyId,
          staff: { staffId: s.staffId, username: s.username },
          action: 'staff.logout',
          entityType: 'staff',
          entityId: s.staffId,
          ip: request.ip,
        });
      }
      await endStaffSession(app.db, request, reply);
    },
  };
}
