import type { AuditAction } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { CreateStaffUserBody, InvitedStaffUser, KeysetPage, KeysetQuery, StaffRole, StaffUser } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../../db/client.js';
import { isUniqueViolation, transactionWithRetry } from '../../../db/errors.js';
import { staffInvitations, staffRecoveryCodes, staffUsers } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../errors.js';
import { agencyOf } from '../../../plugins/agency.js';
import { endAllStaffSessions, type StaffSession } from '../../../plugins/staff-session.js';
import type { PasswordHasher } from '../../accounts/index.js';
import { keysetOrder } from '../../shared/keyset.js';
import { writeAudit } from '../../../audit/audit.js';
import { issueInvitation, unusablePassword } from './invitations.js';

type Row = typeof staffUsers.$inferSelect;
const toStaffUser = ({ row: r, invitationExpiresAt }: { row: Row; invitationExpiresAt: Date | null }): StaffUser => ({
  id: r.id,
  username: r.username,
  role: r.role,
  active: r.active,
  enrolled: r.totpEnabledAt !== null,
  createdAt: r.createdAt.toISOString(),
  lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
  invitationExpiresAt: invitationExpiresAt?.toISOString() ?? null,
});

/** staff users with the end of their live invitation, if any */
const selectStaff = (db: Db | Tx) =>
  db
    .select({ row: staffUsers, invitationExpiresAt: staffInvitations.expiresAt })
    .from(staffUsers)
    .leftJoin(staffInvitations, eq(staffInvitations.staffId, staffUsers.id));

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
    ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; endSessions?: boolean; invite?: boolean }>,
  ): Promise<{ user: StaffUser; invitation?: InvitedStaffUser['invitation'] }> {
    refuseSelf(actor, id);
    return transactionWithRetry(db, async (tx) => {
      const { row, otherOwners } = await lockTarget(tx, actor, id);
      const { before, after, endSessions, invite } = await apply(tx, row, otherOwners);
      if (endSessions) await endAllStaffSessions(tx, request, id);
      const invitation = invite ? await issueInvitation(tx, row, agencyOf(request).publicOrigin) : undefined;
      await writeAudit(
        tx,
        { staff: actor, ip: request.ip },
        {
          action,
          entityType: 'staff',
          entityId: id,
          before,
          after: invitation ? { ...after, invitationExpiresAt: invitation.expiresAt } : after,
        },
      );
      const [updated] = await selectStaff(tx).where(eq(staffUsers.id, id));
      return { user: toStaffUser(updated!), ...(invitation ? { invitation } : {}) };
    });
  }

  /** a change that issues an invitation (`invite: true`) answers its link */
  const invited = async (changed: Promise<{ user: StaffUser; invitation?: InvitedStaffUser['invitation'] }>): Promise<InvitedStaffUser> => {
    const { user, invitation } = await changed;
    return { user, invitation: invitation! };
  };

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
        .select({ row: staffUsers, invitationExpiresAt: staffInvitations.expiresAt, cursorKey: byUsername.key })
        .from(staffUsers)
        .leftJoin(staffInvitations, eq(staffInvitations.staffId, staffUsers.id))
        .where(and(eq(staffUsers.agencyId, agencyId), byUsername.after(cursor)))
        .orderBy(...byUsername.orderBy)
        .limit(limit + 1);
      const page = byUsername.page(rows, limit);
      return { items: page.items.map(toStaffUser), nextCursor: page.nextCursor };
    },

    /** A new staff user, with the invitation link they set their password and second factor through (decision 110). */
    async create(request: FastifyRequest, actor: StaffSession, body: CreateStaffUserBody): Promise<InvitedStaffUser> {
      const hash = await passwords.hash(unusablePassword());
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(staffUsers)
            .values({ agencyId: actor.agencyId, username: body.username, passwordHash: hash, role: body.role })
            .returning();
          const invitation = await issueInvitation(tx, row!, agencyOf(request).publicOrigin);
          await writeAudit(
            tx,
            { staff: actor, ip: request.ip },
            {
              action: 'staff.create',
              entityType: 'staff',
              entityId: row!.id,
              after: { username: row!.username, role: row!.role, invitationExpiresAt: invitation.expiresAt },
            },
          );
          return { user: toStaffUser({ row: row!, invitationExpiresAt: new Date(invitation.expiresAt) }), invitation };
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

    /**
     * Enrolment forgotten (secret, recovery codes), the sessions ended, and a new invitation issued:
     * the user sets a password and a second factor again through its link (decision 110).
     */
    resetSecondFactor: (request: FastifyRequest, actor: StaffSession, id: string) =>
      invited(
        change(request, actor, id, 'staff.second_factor_reset', async (tx, row) => {
          await tx.update(staffUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staffUsers.id, id));
          await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
          return { before: { enrolled: row.totpEnabledAt !== null }, after: { enrolled: false }, endSessions: true, invite: true };
        }),
      ),

    /** A new link for someone not enrolled yet (theirs expired or was lost): it replaces the older one. */
    newInvitation: (request: FastifyRequest, actor: StaffSession, id: string) =>
      invited(
        change(request, actor, id, 'staff.invitation', async (_tx, row) => {
          if (row.totpEnabledAt !== null) throw new AppError('CONFLICT', 'enrolled: reset the second factor instead');
          return { before: {}, after: {}, invite: true };
        }),
      ),
  };
}

export type StaffAdmin = ReturnType<typeof createStaffAdmin>;
