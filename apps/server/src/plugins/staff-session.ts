import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { STAFF_ROLES, type SecondFactorState, type StaffRole } from '@app/contracts';
import { queryRowsPrepared, type Db, type Tx } from '../db/client.js';
import { AppError } from '../errors.js';
import { createSessionCore, liveSession, sessionColumns, type SessionRow } from './session-core.js';

/** A logged-in staff member of the request's agency (DESIGN.md §9). */
export interface StaffSession {
  sessionId: string;
  staffId: string;
  agencyId: string;
  username: string;
  role: StaffRole;
  /** the second factor is enrolled (confirmed by a code) */
  enrolled: boolean;
  /** PASSED: reaches what the role allows; REQUIRED: the code is asked; ENROL: must enrol first (decision 049) */
  secondFactor: SecondFactorState;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffSession | null;
  }
}

export const STAFF_COOKIE = 'staff_sid';
/** The cookie only travels to the back office API: a player route never sees it. */
export const BACKOFFICE_PATH = '/api/v2/backoffice';
/**
 * Roles that may not work without a second factor: every one (support resets a player's
 * password and may then sign in as the player, so it guards money too; decision 110).
 */
export const SECOND_FACTOR_MANDATORY: readonly StaffRole[] = STAFF_ROLES;

// staff sessions are shorter than players': a back office left open is a liability (30 minutes idle, 12 hours in all)
export const STAFF_IDLE_MINUTES = 30;
const core = createSessionCore({
  name: 'staff',
  table: 'staff_sessions',
  ownerColumn: 'staff_id',
  cookie: STAFF_COOKIE,
  path: BACKOFFICE_PATH,
  prefix: BACKOFFICE_PATH,
  idleMinutes: () => STAFF_IDLE_MINUTES,
  absoluteMs: () => 12 * 3_600_000,
  keepsUserAgent: false,
});

/** Where a session stands: passed at the step (or when nothing is asked of this staff member), else asked or to enrol. */
export function secondFactorState(role: StaffRole, enrolled: boolean, passed: boolean): SecondFactorState {
  if (passed) return 'PASSED';
  if (enrolled) return 'REQUIRED';
  return SECOND_FACTOR_MANDATORY.includes(role) ? 'ENROL' : 'PASSED';
}

/**
 * The request's staff member, or 401 UNAUTHORIZED (a player's session never counts here); before
 * the second factor, 403 STAFF_SECOND_FACTOR_REQUIRED unless the route is one of the few reachable
 * then (`beforeSecondFactor`); with `roles`, 403 STAFF_FORBIDDEN for any other role. Every
 * back-office route calls it through its declaration (plugins/staff-access.ts).
 */
export function requireStaff(
  request: FastifyRequest,
  roles?: readonly StaffRole[],
  options: { beforeSecondFactor?: boolean } = {},
): StaffSession {
  const s = request.staff;
  if (!s || !request.agency || s.agencyId !== request.agency.id) throw new AppError('UNAUTHORIZED', 'staff login required');
  if (s.secondFactor !== 'PASSED' && !options.beforeSecondFactor) {
    throw new AppError('STAFF_SECOND_FACTOR_REQUIRED', 'pass the second factor first');
  }
  if (roles && !roles.includes(s.role)) throw new AppError('STAFF_FORBIDDEN', 'your role may not do this');
  return s;
}

/**
 * Opens a session; `secondFactor` when it was passed at its opening (a new token then: the session
 * that knew only the password is ended by the caller, never raised in place).
 */
export async function startStaffSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  staff: { id: string; agencyId: string },
  secondFactor = false,
): Promise<void> {
  const sessionId = await core.start(db, request, reply, staff);
  if (secondFactor) {
    await queryRowsPrepared(
      db,
      'staff_session_second_factor',
      sql`UPDATE staff_sessions SET second_factor_at = now() WHERE id = ${sessionId}`,
    );
  }
}

export const endStaffSession = (db: Db | Tx, request: FastifyRequest, reply: FastifyReply) =>
  core.end(db, request, reply, request.staff ? { sessionId: request.staff.sessionId, ownerId: request.staff.staffId } : null);

/** Ends every session of one staff member (disabled, second factor reset, password changed). */
export const endAllStaffSessions = (db: Db | Tx, request: FastifyRequest, staffId: string) => core.endAll(db, request, staffId);

interface Row extends SessionRow {
  agency_id: string;
  username: string;
  role: StaffRole;
  enrolled: boolean;
  passed: boolean;
}

/** Fills `request.staff` from the staff_sid cookie on back office calls of a known agency. */
export const staffSessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('staff', null);
  core.addHook<Row, StaffSession>(
    app,
    () => ({
      name: 'staff_session_2fa',
      query: (tokenHash, agencyId, idleMinutes) =>
        sql`SELECT ${sessionColumns('s', 'staff_id')}, s.agency_id, u.username, u.role,
                   u.totp_enabled_at IS NOT NULL AS enrolled, s.second_factor_at IS NOT NULL AS passed
            FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_id
            WHERE ${liveSession('s', tokenHash, agencyId, idleMinutes)} AND u.active`,
    }),
    (row) =>
      Object.freeze({
        sessionId: row.session_id,
        staffId: row.owner_id,
        agencyId: row.agency_id,
        username: row.username,
        role: row.role,
        enrolled: row.enrolled,
        secondFactor: secondFactorState(row.role, row.enrolled, row.passed),
      }),
    (request, session) => {
      request.staff = session;
    },
  );
});
