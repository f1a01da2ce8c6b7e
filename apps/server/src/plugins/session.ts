import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { jsonValue, type Db, type Tx } from '../db/client.js';
import { AppError } from '../errors.js';
import { createSessionCore, liveSession, sessionColumns, type SessionRow, type SessionStartBefore } from './session-core.js';

/**
 * The logged-in player of a request (DESIGN.md §10), with the player's own row as the session's
 * lookup read it (one round trip, docs/decisions/042-logged-in-reads.md). Filled by the session
 * plugin's hook; frozen, because an instance answers a page's next calls with the same object
 * (decision 043).
 */
export interface PlayerSession {
  sessionId: string;
  playerId: string;
  agencyId: string;
  username: string;
  displayName: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  promotionBlocked: boolean;
  /** staff reset the password: only routes with `config.beforePasswordChange` answer (decision 055) */
  mustChangePassword: boolean;
  /** the player's bank accounts (database columns, oldest first), on routes whose config asks for them; else null */
  bankAccountRows: readonly Record<string, unknown>[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    player: PlayerSession | null;
  }
  interface FastifyContextConfig {
    /** the session's lookup brings the player's bank accounts in the same round trip */
    playerBankAccounts?: boolean;
    /** reachable by a player who must change a password staff reset first (info, the change, the fingerprint) */
    beforePasswordChange?: boolean;
  }
}

/**
 * The request's player, or 401 UNAUTHORIZED. The session always belongs to the request's agency
 * (a cookie from another agency's host does not pass).
 */
export function requirePlayer(request: FastifyRequest): PlayerSession {
  const p = request.player;
  if (!p || !request.agency || p.agencyId !== request.agency.id) throw new AppError('UNAUTHORIZED', 'login required');
  if (p.mustChangePassword && request.routeOptions.config?.beforePasswordChange !== true) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', 'choose a new password first');
  }
  return p;
}

export const SESSION_COOKIE = 'sid';

const core = createSessionCore({
  name: 'player',
  table: 'player_sessions',
  ownerColumn: 'player_id',
  cookie: SESSION_COOKIE,
  path: '/',
  prefix: '/api',
  idleMinutes: (config) => config.SESSION_IDLE_MINUTES,
  absoluteMs: (config) => config.SESSION_ABSOLUTE_DAYS * 86_400_000,
  keepsUserAgent: true,
});

/** Opens a session with a fresh token and sets its cookie (login and registration), `before` in the same statement. */
export const startSession = (
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  player: { id: string; agencyId: string },
  before?: SessionStartBefore,
) => core.start(db, request, reply, player, before);

/** Ends the request's session on the server and clears the cookie (logout). */
export const endSession = (db: Db, request: FastifyRequest, reply: FastifyReply) =>
  core.end(db, request, reply, request.player ? { sessionId: request.player.sessionId, ownerId: request.player.playerId } : null);

/** Ends every session of a player (password change; the current one included). */
export const endAllSessions = (db: Db | Tx, request: FastifyRequest, playerId: string) => core.endAll(db, request, playerId);

interface Row extends SessionRow {
  agency_id: string;
  username: string;
  display_name: string;
  created_at: string | Date;
  last_login_at: string | Date | null;
  promotion_blocked: boolean;
  must_change_password: boolean;
  bank_accounts?: Record<string, unknown>[] | string;
}

/**
 * Fills `request.player` from the `sid` cookie on /api calls of a known agency. A session counts
 * while it is not revoked, within its absolute expiry and used within the idle time, and its player
 * is active. `last_seen_at` is written at most once a minute per session.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('player', null);
  core.addHook<Row, PlayerSession>(
    app,
    (request) => {
      const bankAccounts = request.routeOptions.config?.playerBankAccounts === true;
      return {
        name: bankAccounts ? 'player_session_with_bank_accounts' : 'player_session',
        query: (tokenHash, agencyId, idleMinutes) =>
          sql`SELECT ${sessionColumns('s', 'player_id')}, s.agency_id, p.username, p.display_name, p.created_at,
                     p.last_login_at, p.promotion_blocked, p.must_change_password
                     ${
                       bankAccounts
                         ? sql`, (SELECT coalesce(json_agg(b ORDER BY b.created_at), '[]') FROM player_bank_accounts b
                                   WHERE b.agency_id = s.agency_id AND b.player_id = s.player_id) AS bank_accounts`
                         : sql``
                     }
              FROM player_sessions s JOIN players p ON p.id = s.player_id
              WHERE ${liveSession('s', tokenHash, agencyId, idleMinutes)} AND p.status = 'active'`,
      };
    },
    (row) => {
      const banks = row.bank_accounts;
      return Object.freeze({
        sessionId: row.session_id,
        playerId: row.owner_id,
        agencyId: row.agency_id,
        username: row.username,
        displayName: row.display_name,
        createdAt: new Date(row.created_at),
        lastLoginAt: row.last_login_at === null ? null : new Date(row.last_login_at),
        promotionBlocked: row.promotion_blocked,
        mustChangePassword: row.must_change_password,
        bankAccountRows: banks === undefined ? null : Object.freeze(jsonValue(banks)),
      });
    },
    (request, session) => {
      request.player = session;
    },
  );
});
