import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  INVITATION_HOURS,
  type InvitationAcceptBody,
  type InvitationResponse,
  type RecoveryCodesResponse,
  type StaffRole,
} from '@app/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { staffInvitations, staffRecoveryCodes, staffUsers } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import type { AgencyContext } from '../../../plugins/agency.js';
import type { LoginThrottle } from '../../../plugins/login-throttle.js';
import { endAllStaffSessions, endStaffSession, startStaffSession } from '../../../plugins/staff-session.js';
import { renderQrSvg } from '../../../payments/qr.js';
import { writeAudit } from '../../../audit/audit.js';
import type { PasswordHasher } from '../../accounts/index.js';
import { codeInvalid } from './second-factor.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './totp.js';

const INVITATION_MS = INVITATION_HOURS * 3_600_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationInvalid = () => new AppError('STAFF_INVITATION_INVALID', 'this invitation is unknown, used, replaced or expired');

/** The page the link opens; the token rides in the fragment, which no request line or log carries. */
export const invitationUrl = (origin: string, token: string) => `${origin}/backoffice/invitation#${token}`;

/** A password nobody knows: an invited staff member has none until they set theirs through the link. */
export const unusablePassword = () => randomBytes(32).toString('base64url');

/**
 * Issues a staff member's invitation in the caller's transaction (docs/decisions/110-staff-invitations.md):
 * a new token (32 random bytes, only its sha256 kept) and a new TOTP secret, valid 72 hours; a newer
 * invitation replaces the older one (one row per staff member). Answers the link, to be shown once.
 */
export async function issueInvitation(tx: Db | Tx, staff: { id: string; agencyId: string }, origin: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_MS);
  const values = { tokenHash: tokenHash(token), totpSecret: newTotpSecret(), expiresAt, createdAt: new Date() };
  await tx
    .insert(staffInvitations)
    .values({ staffId: staff.id, agencyId: staff.agencyId, ...values })
    .onConflictDoUpdate({ target: staffInvitations.staffId, set: values });
  return { url: invitationUrl(origin, token), expiresAt: expiresAt.toISOString() };
}

/**
 * The invitation page's two calls: open (who is invited, the second factor to scan) and accept (the
 * password and the first code in one transaction: the staff member is enrolled, the link used up,
 * their other sessions ended, this browser signed in past the second factor).
 */
export function createInvitations({
  db,
  passwords,
  loginThrottle: throttle,
}: {
  db: Db;
  passwords: PasswordHasher;
  loginThrottle: LoginThrottle;
}) {
  /** the live invitation of this token at this agency, with its staff member (active) */
  async function find(db: Db | Tx, agencyId: string, token: string, lock = false) {
    const query = db
      .select({
        staffId: staffUsers.id,
        username: staffUsers.username,
        role: staffUsers.role,
        secret: staffInvitations.totpSecret,
        expiresAt: staffInvitations.expiresAt,
      })
      .from(staffInvitations)
      .innerJoin(staffUsers, eq(staffUsers.id, staffInvitations.staffId))
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash(token)),
          eq(staffInvitations.agencyId, agencyId),
          gt(staffInvitations.expiresAt, sql`now()`),
          eq(staffUsers.active, true),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  return {
    async open(request: FastifyRequest, agency: AgencyContext, token: string): Promise<InvitationResponse> {
      // counted per client like a login: tokens are not guessed, but nobody gets to try
      await throttle.consume(request, 'staff_code', agency.id);
      const row = await find(db, agency.id, token);
      if (!row) throw invitationInvalid();
      const uri = totpUri(`Lao Credit ${agency.code}`, row.username, row.secret);
      return {
        username: row.username,
        role: row.role,
        secret: row.secret,
        uri,
        qrSvg: await renderQrSvg(uri),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async accept(
      request: FastifyRequest,
      reply: FastifyReply,
      agency: AgencyContext,
      body: InvitationAcceptBody,
    ): Promise<RecoveryCodesResponse> {
      await throttle.consume(request, 'staff_code', agency.id);
      const invited = await find(db, agency.id, body.token);
      if (!invited) throw invitationInvalid();
      const attempt = throttle.attempt(request, 'staff_code', agency.id, invited.username);
      await throttle.admit(attempt, 'staff_code');
      const step = await totpStep(invited.secret, body.code);
      if (step === null) {
        await throttle.failed(attempt, 'staff_code');
        throw codeInvalid();
      }
      const passwordHash = await passwords.hash(body.password);
      const recoveryCodes = newRecoveryCodes();
      const staff = await db.transaction(async (tx) => {
        // taken once: the row locked and deleted here; a second accept of the same link finds nothing
        const row = await find(tx, agency.id, body.token, true);
        if (!row) throw invitationInvalid();
        await tx
          .update(staffUsers)
          .set({ passwordHash, totpSecret: row.secret, totpEnabledAt: new Date(), totpLastStep: step })
          .where(eq(staffUsers.id, row.staffId));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.staffId));
        await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((c) => ({ staffId: row.staffId, codeHash: recoveryCodeHash(c) })));
        await tx.delete(staffInvitations).where(eq(staffInvitations.staffId, row.staffId));
        await endAllStaffSessions(tx, request, row.staffId);
        await writeAudit(
          tx,
          { staff: { agencyId: agency.id, staffId: row.staffId, username: row.username }, ip: request.ip },
          { action: 'staff.invitation_accept', entityType: 'staff', entityId: row.staffId, after: { enrolled: true } },
        );
        return row;
      });
      await throttle.succeeded(attempt, reply);
      if (request.staff) await endStaffSession(db, request, reply);
      await startStaffSession(db, request, reply, { id: staff.staffId, agencyId: agency.id }, true);
      return { recoveryCodes };
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;

/**
 * An invitation for `username` at an agency, from outside the back office (`npm run ops -- staff
 * invite`, `agency create --owner`), in the caller's transaction: a new staff member (no usable
 * password) or, for an existing one, their second factor, recovery codes and sessions forgotten
 * (the way back in for an owner who lost their authenticator) and their role set when given.
 */
export async function inviteStaffUser(
  tx: Tx,
  s: { agencyId: string; username: string; role?: StaffRole; unusableHash: string },
  origin: string,
) {
  const [existing] = await tx
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.agencyId, s.agencyId), eq(staffUsers.username, s.username)))
    .for('update');
  let staffId: string;
  if (existing) {
    staffId = existing.id;
    await tx
      .update(staffUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, active: true, ...(s.role ? { role: s.role } : {}) })
      .where(eq(staffUsers.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.execute(sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${staffId} AND revoked_at IS NULL`);
  } else {
    if (!s.role) throw new AppError('VALIDATION_FAILED', 'a new staff member needs a role');
    const [row] = await tx
      .insert(staffUsers)
      .values({ agencyId: s.agencyId, username: s.username, passwordHash: s.unusableHash, role: s.role })
      .returning({ id: staffUsers.id });
    staffId = row!.id;
  }
  const invitation = await issueInvitation(tx, { id: staffId, agencyId: s.agencyId }, origin);
  return {
    staffId,
    created: !existing,
    before: existing ? { role: existing.role, enrolled: existing.totpEnabledAt !== null } : null,
    invitation,
  };
}
