import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  staffSignInsPageSchema,
  staffSignInsQuerySchema,
  type StaffSignInsPage,
  type StaffSignInsQuery,
  type StaffSignInState,
} from '@app/contracts/staff-sign-ins';
import type { Db } from '../../../db/client.js';
import { staffSessions, staffUsers } from '../../../db/schema/backoffice.js';
import { notFound } from '../../../errors.js';
import { OWNER_ONLY, staffAccess } from '../../../plugins/staff-access.js';
import { requireStaff, STAFF_IDLE_MINUTES } from '../../../plugins/staff-session.js';
import { byCreatedAt } from '../../shared/keyset.js';
import { errorResponses } from '../../shared/route-errors.js';

const order = byCreatedAt('desc', staffSessions);
const iso = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** as plugins/staff-session.ts judges a session: ended by staff, or past its idle or absolute expiry */
const state = sql<StaffSignInState>`CASE WHEN ${staffSessions.revokedAt} IS NOT NULL THEN 'ended'
  WHEN ${staffSessions.expiresAt} <= now() OR ${staffSessions.lastSeenAt} <= now() - make_interval(mins => ${STAFF_IDLE_MINUTES}::int) THEN 'expired'
  ELSE 'active' END`;

/**
 * The agency's staff sign-ins, newest first (keyset, decision 058): each staff session, with its address, whether the second factor was passed and whether it can still
 * be used. `staffId` of another agency (or of nobody) answers 404.
 */
export async function listSignIns(db: Db, agencyId: string, q: StaffSignInsQuery): Promise<StaffSignInsPage> {
  const where: (SQL | undefined)[] = [
    eq(staffSessions.agencyId, agencyId),
    // the session of the password step ends when the code is given and a new one starts
    // (plugins/staff-session.ts): that one is the sign-in. A password step never followed by the code stays.
    or(isNotNull(staffSessions.secondFactorAt), isNull(staffSessions.revokedAt)),
    order.after(q.cursor),
  ];
  if (q.staffId) {
    const [known] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, q.staffId), eq(staffUsers.agencyId, agencyId)));
    if (!known) throw notFound('No such staff member.');
    where.push(eq(staffSessions.staffId, q.staffId));
  }
  const rows = await db
    .select({
      id: staffSessions.id,
      staffId: staffSessions.staffId,
      username: staffUsers.username,
      role: staffUsers.role,
      at: iso(staffSessions.createdAt),
      ip: staffSessions.ip,
      secondFactorAt: sql<string | null>`${iso(staffSessions.secondFactorAt)}`,
      lastSeenAt: iso(staffSessions.lastSeenAt),
      state,
      cursorKey: order.key,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(...where))
    .orderBy(...order.orderBy)
    .limit(q.limit + 1);
  return order.page(rows, q.limit);
}

/** The owner's screen of staff sign-ins: who signed in, when, from where, with the second factor or not. */
export const signInsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/backoffice/staff/sign-ins',
    {
      config: staffAccess(OWNER_ONLY),
      schema: {
        tags: ['backoffice'],
        summary: "The agency's staff sign-ins, newest first (keyset pages)",
        querystring: staffSignInsQuerySchema,
        response: { 200: staffSignInsPageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => listSignIns(app.db, requireStaff(request).agencyId, request.query),
  );
};
