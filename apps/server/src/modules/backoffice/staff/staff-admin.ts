import type { AuditAction } from '@app/contracts';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { CreateStaffUserBody, KeysetPage, KeysetQuery, StaffRole, StaffUser } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../../db/client.js';
import { isUniqueViolation, transactionWithRetry } from '../../../db/errors.js';
import { staffRecoveryCodes, staffUsers } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../errors.js';
import { endAllStaffSessions, type StaffSession } from '../../../plugins/staff-session.js';
import type { PasswordHasher } from '../../accounts/index.js';
import { keysetOrder } from '../../shared/keyset.js';
import { writeAudit } from '../../../audit/audit.js';

type Row = typeof staffUsers.$inferSelect;
const toStaffUser = (r: Row): StaffUser => ({
  id: r.id,
  username: r.username,
  role: r.role,
  active: r.active,
  enrolled: r.totpEnabledAt !== null,
  createdAt: r.createdAt.toISOString(),
  lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
});

/** The staff list's order: by username, unique in the agency, the unique index (agency_id, username) read in order. */
const byUsername = keysetOrder('asc', [{ column: staffUsers.username, type: 'text' }]);

/**
 * The owner's staff users (docs/decisions/051-staff-users-and-audit.md): every change with its audit
 * row in the same transaction; disabling or resetting the second factor ends that user's sessions;
 * an owner never disables or demotes themselves, nor the agency's last active owner.
 */
export function createStaffAdmin({ db, passwords }: { db: Db; passwords: PasswordHasher }) {
  /** The target row locked, with the owners it must leave (other active owners, locked too). */
  async function lockTarget(tx: Tx, actor: StaffSession, id: string) {
    const owners = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM staff_users WHERE agency_id = ${actor.agencyId} AND role = 'owner' AND active ORDER BY id FOR UPDATE`,
    );
    const [row] = await tx
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.id, id), eq(staffUsers.agencyId, actor.agencyId)))
      .for('update');
    if (!row) throw notFound('no such staff user');
    return { row, otherOwners: owners.filter((o) => o.id !== id).length };
  }

  const refuseSelf = (actor: StaffSession, id: string) => {
    if (actor.staffId === id) throw new AppError('STAFF_SELF_CHANGE', 'ask another owner to change your own account');
  };

  async function change(
    request: FastifyRequest,
    actor: StaffSession,
    id: string,
    action: AuditAction,
    apply: (
      tx: Tx,
      row: Row,
      otherOwners: number,
    ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; endSessions?: boolean }>,
  ): Promise<{ user: StaffUser }> {
    refuseSelf(actor, id);
    return transactionWithRetry(db, async (tx) => {
      const { row, otherOwners } = await lockTarget(tx, actor, id);
      const { before, after, endSessions } = await apply(tx, row, otherOwners);
      if (endSessions) await endAllStaffSessions(tx, request, id);
      await writeAudit(
        tx,
        { staff: actor, ip: request.ip },
        {
          action,
          entityType: 'staff',
          entityId: id,
          before,
          after,
        },
      );
      const [updated] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id));
      return { user: toStaffUser(updated!) };
    });
  }

  const keepAnOwner = (row: Row, otherOwners: number) => {
    if (row.role === 'owner' && row.active && otherOwners === 0)
      throw new AppError('STAFF_LAST_OWNER', 'the agency keeps one active owner');
  };

  return {
    /**
     * The agency's staff users by name, one keyset page at a time (decision 058): the username is
     * unique in the agency, so it alone is the key, and the unique index (agency_id, username) reads
     * the page in order.
     */
    async list(agencyId: string, { cursor, limit }: KeysetQuery): Promise<KeysetPage<StaffUser>> {
      const rows = await db
        .select({ row: staffUsers, cursorKey: byUsername.key })
        .from(staffUsers)
        .where(and(eq(staffUsers.agencyId, agencyId), byUsername.after(cursor)))
        .orderBy(...byUsername.orderBy)
        .limit(limit + 1);
      const page = byUsername.page(rows, limit);
      return { items: page.items.map(({ row }) => toStaffUser(row)), nextCursor: page.nextCursor };
    },

    /** A new staff user with the owner's password, or a generated one answered once. */
    async create(request: FastifyRequest, actor: StaffSession, body: CreateStaffUserBody) {
      const generated = body.password ? null : randomBytes(12).toString('base64url');
      const hash = await passwords.hash(body.password ?? generated!);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(staffUsers)
            .values({ agencyId: actor.agencyId, username: body.username, passwordHash: hash, role: body.role })
            .returning();
          await writeAudit(
            tx,
            { staff: actor, ip: request.ip },
            {
              action: 'staff.create',
              entityType: 'staff',
              entityId: row!.id,
              after: { username: row!.username, role: row!.role, passwordGenerated: generated !== null },
            },
          );
          return { user: toStaffUser(row!), password: generated };
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('USERNAME_EXIST', 'enter a new username', { username: 'backoffice.validation.username_taken' });
        throw err;
      }
    },

    setRole: (request: FastifyRequest, actor: StaffSession, id: string, role: StaffRole) =>
      change(request, actor, id, 'staff.role', async (tx, row, otherOwners) => {
        if (role !== 'owner') keepAnOwner(row, otherOwners);
        await tx.update(staffUsers).set({ role }).where(eq(staffUsers.id, id));
        return { before: { role: row.role }, after: { role } };
      }),

    setActive: (request: FastifyRequest, actor: StaffSession, id: string, active: boolean) =>
      change(request, actor, id, active ? 'staff.enable' : 'staff.disable', async (tx, row, otherOwners) => {
        if (!active) keepAnOwner(row, otherOwners);
        await tx.update(staffUsers).set({ active }).where(eq(staffUsers.id, id));
        return { before: { active: row.active }, after: { active }, endSessions: !active };
      }),

    /** Enrolment forgotten (secret, recovery codes): the user enrols again at the next login. */
    resetSecondFactor: (request: FastifyRequest, actor: StaffSession, id: string) =>
      change(request, actor, id, 'staff.second_factor_reset', async (tx, row) => {
        await tx.update(staffUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staffUsers.id, id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
        return { before: { enrolled: row.totpEnabledAt !== null }, after: { enrolled: false }, endSessions: true };
      }),
  };
}

export type StaffAdmin = ReturnType<typeof createStaffAdmin>;
