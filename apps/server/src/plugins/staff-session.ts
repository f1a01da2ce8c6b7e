import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@app/contracts';
import type { Config } from '../config.js';
import { queryRows, type Db } from '../db/client.js';
import { staffSessions } from '../db/schema/index.js';
import { AppError } from '../errors.js';

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
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
// staff sessions are shorter than players': a back office left open is a liability
const IDLE_MINUTES = 60;
const ABSOLUTE_HOURS = 12;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: BACKOFFICE_PATH,
    secure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
  };
}

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

export async function startStaffSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  staff: { id: string; agencyId: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const absoluteMs = ABSOLUTE_HOURS * 3_600_000;
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId: staff.id,
    agencyId: staff.agencyId,
    expiresAt: new Date(Date.now() + absoluteMs),
    ip: request.ip,
  });
  reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request.server.config), maxAge: absoluteMs / 1000 });
}

export async function endStaffSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.staff) {
    await db
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.id, request.staff.sessionId), isNull(staffSessions.revokedAt)));
  }
  reply.clearCookie(STAFF_COOKIE, cookieOptions(request.server.config));
}

interface Row {
  session_id: string;
  staff_id: string;
  agency_id: string;
  username: string;
  role: StaffRole;
  stale: boolean;
}

/** Fills `request.staff` from the staff_sid cookie on back office calls of a known agency. */
export const staffSessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('staff', null);
  const load = async (request: FastifyRequest, token: string, agencyId: string) => {
    const rows = await queryRows<Row>(
      app.db,
      sql`SELECT s.id AS session_id, u.id AS staff_id, s.agency_id, u.username, u.role,
                 s.last_seen_at < now() - interval '1 minute' AS stale
          FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_id
          WHERE s.token_hash = ${hashToken(token)} AND s.agency_id = ${agencyId}
            AND s.revoked_at IS NULL AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(mins => ${IDLE_MINUTES}::int)
            AND u.active`,
    );
    const row = rows[0];
    if (!row) return;
    request.staff = { sessionId: row.session_id, staffId: row.staff_id, agencyId: row.agency_id, username: row.username, role: row.role };
    if (row.stale) await app.db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.id, row.session_id));
  };

  // a callback hook: a request without the cookie passes without a promise
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[STAFF_COOKIE];
    if (!token || !request.agency || !request.url.startsWith(`${BACKOFFICE_PATH}/`) || !TOKEN_PATTERN.test(token)) return done();
    load(request, token, request.agency.id).then(() => done(), done);
  });
});
