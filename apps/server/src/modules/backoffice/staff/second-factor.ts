import type { AuditAction } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RecoveryCodesResponse, StaffRole } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../../db/client.js';
import { staffRecoveryCodes, staffUsers } from '../../../db/schema/index.js';
import { AppError } from '../../../errors.js';
import type { LoginThrottle } from '../../../plugins/login-throttle.js';
import {
  endStaffSession,
  requireStaff,
  SECOND_FACTOR_MANDATORY,
  startStaffSession,
  type StaffSession,
} from '../../../plugins/staff-session.js';
import { renderQrSvg } from '../../../payments/qr.js';
import { writeAudit } from '../../../audit/audit.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './totp.js';

export const codeInvalid = () =>
  new AppError('STAFF_CODE_INVALID', 'the code is not right', { code: 'backoffice.validation.code_invalid' });

/** What GET /me and the login answer of a session's second factor. */
export const secondFactorStatus = (s: Pick<StaffSession, 'role' | 'enrolled' | 'secondFactor'>) => ({
  state: s.secondFactor,
  enrolled: s.enrolled,
  mandatory: (SECOND_FACTOR_MANDATORY as readonly StaffRole[]).includes(s.role),
});

/** A staff member's own second factor, in the audit log. */
const auditOwn = (db: Db | Tx, s: StaffSession, ip: string, action: AuditAction, after: object) =>
  writeAudit(db, { staff: s, ip }, { action, entityType: 'staff', entityId: s.staffId, after });

/**
 * A TOTP code accepted at most once: the step it belongs to must be later than the last one
 * accepted, and moving `totp_last_step` forward is the check (one UPDATE), so the same code sent
 * twice at once passes once.
 */
async function acceptTotp(db: Db | Tx, staffId: string, secret: string, code: string): Promise<boolean> {
  const step = await totpStep(secret, code);
  if (step === null) return false;
  const moved = await queryRows<{ id: string }>(
    db,
    sql`UPDATE staff_users SET totp_last_step = ${step}
        WHERE id = ${staffId} AND (totp_last_step IS NULL OR totp_last_step < ${step}) RETURNING id`,
  );
  return moved.length === 1;
}

/** A recovery code, used up as it is accepted. */
async function acceptRecoveryCode(db: Db | Tx, staffId: string, code: string): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return used.length === 1;
}

/**
 * The second factor (docs/decisions/049-staff-second-factor.md): enrolment, the code after the
 * password, recovery codes. Wrong codes are throttled with the login rules under their own keys
 * (`staff_code:<username>`, per client and per staff member). Passing it opens a new session (a
 * new token) and ends the one that knew only the password.
 */
export function createSecondFactor({ db, loginThrottle: throttle }: { db: Db; loginThrottle: LoginThrottle }) {
  /** Runs one code attempt under the throttle: counted, refused while throttled, forgotten when right. */
  async function throttled(request: FastifyRequest, reply: FastifyReply, s: StaffSession, check: () => Promise<boolean>): Promise<void> {
    await throttle.consume(request, 'staff_code', s.agencyId);
    const attempt = throttle.attempt(request, 'staff_code', s.agencyId, s.username);
    await throttle.admit(attempt, 'staff_code');
    if (!(await check())) {
      await throttle.failed(attempt, 'staff_code');
      throw codeInvalid();
    }
    await throttle.succeeded(attempt, reply);
  }

  async function refuseUnlessSeeded(staffId: string) {
    const [row] = await db
      .select({ secret: staffUsers.totpSecret, byPassword: staffUsers.enrolWithPassword })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffId));
    if (!row?.byPassword) throw new AppError('STAFF_ENROL_BY_INVITATION', 'enrol through the invitation link an owner sends');
    return row;
  }

  /** The session passed: a new one in its place, marked passed. */
  async function raise(request: FastifyRequest, reply: FastifyReply, s: StaffSession): Promise<void> {
    await endStaffSession(db, request, reply);
    await startStaffSession(db, request, reply, { id: s.staffId, agencyId: s.agencyId }, true);
  }

  return {
    /** The 6-digit code or a recovery code after the password. */
    async pass(request: FastifyRequest, reply: FastifyReply, code: string) {
      const s = requireStaff(request, undefined, { beforeSecondFactor: true });
      if (s.secondFactor === 'ENROL') throw new AppError('CONFLICT', 'enrol the second factor first');
      if (s.secondFactor === 'PASSED') return secondFactorStatus(s);
      const [row] = await db.select({ secret: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, s.staffId));
      const recovery = !/^\d{6}$/.test(code);
      await throttled(request, reply, s, () =>
        recovery ? acceptRecoveryCode(db, s.staffId, code) : acceptTotp(db, s.staffId, row?.secret ?? '', code),
      );
      await auditOwn(db, s, request.ip, 'staff.second_factor', { method: recovery ? 'recovery_code' : 'totp' });
      await raise(request, reply, s);
      return { state: 'PASSED' as const, enrolled: true, mandatory: secondFactorStatus(s).mandatory };
    },

    /**
     * A new secret (replacing one not yet confirmed): its otpauth:// URI as a QR code, and as text.
     * Only the demo seed's owner enrols so, with the password alone; everyone else enrols through
     * an invitation (decision 110): whoever learnt a new user's password would enrol first.
     */
    async startEnrolment(request: FastifyRequest, issuer: string) {
      const s = requireStaff(request, undefined, { beforeSecondFactor: true });
      if (s.enrolled) throw new AppError('CONFLICT', 'already enrolled: an owner resets it');
      await refuseUnlessSeeded(s.staffId);
      const secret = newTotpSecret();
      await db
        .update(staffUsers)
        .set({ totpSecret: secret })
        .where(and(eq(staffUsers.id, s.staffId), isNull(staffUsers.totpEnabledAt)));
      const uri = totpUri(issuer, s.username, secret);
      return { secret, uri, qrSvg: await renderQrSvg(uri) };
    },

    /** Confirmed by one valid code: enrolled, ten recovery codes shown once, the session passed. */
    async confirmEnrolment(request: FastifyRequest, reply: FastifyReply, code: string): Promise<RecoveryCodesResponse> {
      const s = requireStaff(request, undefined, { beforeSecondFactor: true });
      if (s.enrolled) throw new AppError('CONFLICT', 'already enrolled: an owner resets it');
      const row = await refuseUnlessSeeded(s.staffId);
      const secret = row.secret;
      if (!secret) throw new AppError('CONFLICT', 'start the enrolment first');
      const recoveryCodes = newRecoveryCodes();
      await throttled(request, reply, s, () =>
        db.transaction(async (tx) => {
          if (!(await acceptTotp(tx, s.staffId, secret, code))) return false;
          const enrolled = await tx
            .update(staffUsers)
            .set({ totpEnabledAt: new Date() })
            .where(and(eq(staffUsers.id, s.staffId), eq(staffUsers.totpSecret, secret), isNull(staffUsers.totpEnabledAt)))
            .returning({ id: staffUsers.id });
          if (enrolled.length !== 1) throw new AppError('CONFLICT', 'the enrolment changed meanwhile: start again');
          await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, s.staffId));
          await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((c) => ({ staffId: s.staffId, codeHash: recoveryCodeHash(c) })));
          await auditOwn(tx, s, request.ip, 'staff.second_factor_enrol', { enrolled: true });
          return true;
        }),
      );
      await raise(request, reply, s);
      return { recoveryCodes };
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
