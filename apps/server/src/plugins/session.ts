import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { playerSessions } from '../db/schema/index.js';
import { AppError } from '../errors.js';

/** The logged-in player of a request (DESIGN.md §10). Filled by the session plugin's hook. */
export interface PlayerSession {
  sessionId: string;
  playerId: string;
  agencyId: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    player: PlayerSession | null;
  }
}

/**
 * The request's player, or 401 UNAUTHORIZED. The session always belongs to the request's agency
 * (a cookie from another agency's host does not pass).
 */
export function requirePlayer(request: FastifyRequest): PlayerSession {
  const p = request.player;
  if (!p || !request.agency || p.agencyId !== request.agency.id) throw new AppError('UNAUTHORIZED', 'login required');
  return p;
}

export const SESSION_COOKIE = 'sid';
// 32 random bytes in base64url: anything else is not one of our tokens and costs no query
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
  };
}

/** Opens a session with a fresh token and sets its cookie (login and registration). */
export async function startSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  player: { id: string; agencyId: string },
): Promise<void> {
  const config = request.server.config;
  const token = randomBytes(32).toString('base64url');
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * 86_400_000;
  await db.insert(playerSessions).values({
    tokenHash: hashToken(token),
    playerId: player.id,
    agencyId: player.agencyId,
    expiresAt: new Date(Date.now() + absoluteMs),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(config), maxAge: absoluteMs / 1000 });
}

/** Ends the request's session on the server and clears the cookie (logout). */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.player) {
    await db
      .update(playerSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(playerSessions.id, request.player.sessionId), isNull(playerSessions.revokedAt)));
  }
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request.server.config));
}

/** Ends every session of a player (password change; the current one included). */
export async function endAllSessions(db: Db | Tx, playerId: string): Promise<void> {
  await db
    .update(playerSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(playerSessions.playerId, playerId), isNull(playerSessions.revokedAt)));
}

interface SessionRow {
  session_id: string;
  player_id: string;
  agency_id: string;
  username: string;
  stale: boolean;
}

/**
 * Fills `request.player` from the `sid` cookie on /api calls of a known agency. A session counts
 * while it is not revoked, within its absolute expiry and used within the idle time, and its player
 * is active. `last_seen_at` is written at most once a minute per session.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('player', null);
  const idleMinutes = app.config.SESSION_IDLE_MINUTES;

  const load = async (request: FastifyRequest, token: string, agencyId: string) => {
    const rows = await queryRows<SessionRow>(
      app.db,
      sql`SELECT s.id AS session_id, s.player_id, s.agency_id, p.username,
                 s.last_seen_at < now() - interval '1 minute' AS stale
          FROM player_sessions s JOIN players p ON p.id = s.player_id
          WHERE s.token_hash = ${hashToken(token)} AND s.agency_id = ${agencyId}
            AND s.revoked_at IS NULL AND s.expires_at > now()
            AND s.last_seen_at > now() - make_interval(mins => ${idleMinutes}::int)
            AND p.status = 'active'`,
    );
    const row = rows[0];
    if (!row) return;
    request.player = { sessionId: row.session_id, playerId: row.player_id, agencyId: row.agency_id, username: row.username };
    if (row.stale) {
      await app.db.update(playerSessions).set({ lastSeenAt: new Date() }).where(eq(playerSessions.id, row.session_id));
    }
  };

  // a callback hook: a request without the cookie passes without a promise
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.agency || !request.url.startsWith('/api/') || !TOKEN_PATTERN.test(token)) return done();
    load(request, token, request.agency.id).then(() => done(), done);
  });
});
