import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { StaffRole } from '@app/contracts';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { createSessionCore, liveSession, sessionColumns, type SessionRow } from './session-core.js';

/** A logged-in staff member of the request's agency (DESIGN.md §9). */
export interface StaffSession {
  sessionId: string;
  staffId: string;
  agencyId: string;
  username: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffSession | null;
  }
}

export const STAFF_COOKIE = 'staff_sid';
/** The cookie only travels to the back office API: a player route never sees it. */
export const BACKOFFICE_PATH = '/api/v2/backoffice';

// staff sessions are shorter than players': a back office left open is a liability
const core = createSessionCore({
  name: 'staff',
  table: 'staff_sessions',
  ownerColumn: 'staff_id',
  cookie: STAFF_COOKIE,
  path: BACKOFFICE_PATH,
  prefix: BACKOFFICE_PATH,
  idleMinutes: () => 60,
  absoluteMs: () => 12 * 3_600_000,
  keepsUserAgent: false,
});

/**
 * The request's staff member, or 401 UNAUTHORIZED (a player's session never counts here); with
 * `roles`, 403 STAFF_FORBIDDEN for any other role.
 */
export function requireStaff(request: FastifyRequest, roles?: readonly StaffRole[]): StaffSession {
  const s = request.staff;
  if (!s || !request.agency || s.agencyId !== request.agency.id) throw new AppError('UNAUTHORIZED', 'staff login required');
  if (roles && !roles.includes(s.role)) throw new AppError('STAFF_FORBIDDEN', 'your role may not do this');
  return s;
}

export const startStaffSession = (db: Db, request: FastifyRequest, reply: FastifyReply, staff: { id: string; agencyId: string }) =>
  core.start(db, request, reply, staff);

export const endStaffSession = (db: Db, request: FastifyRequest, reply: FastifyReply) =>
  core.end(db, request, reply, request.staff ? { sessionId: request.staff.sessionId, ownerId: request.staff.staffId } : null);

interface Row extends SessionRow {
  agency_id: string;
  username: string;
  role: StaffRole;
}

/** Fills `request.staff` from the staff_sid cookie on back office calls of a known agency. */
export const staffSessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('staff', null);
  core.addHook<Row, StaffSession>(
    app,
    () => ({
      name: 'staff_session',
      query: (tokenHash, agencyId, idleMinutes) =>
        sql`SELECT ${sessionColumns('s', 'staff_id')}, s.agency_id, u.username, u.role
            FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_id
            WHERE ${liveSession('s', tokenHash, agencyId, idleMinutes)} AND u.active`,
    }),
    (row) =>
      Object.freeze({ sessionId: row.session_id, staffId: row.owner_id, agencyId: row.agency_id, username: row.username, role: row.role }),
    (request, session) => {
      request.staff = session;
    },
  );
});
