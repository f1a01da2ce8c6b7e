import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Config } from '../config.js';
import { queryRowsPrepared, statementOnce, type Db, type Tx } from '../db/client.js';
import { toArray } from './route-options.js';
import { SessionCache } from './session-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** each session kind's cache in this instance, by kind name (decision 043) */
    sessionCaches: Map<string, SessionCache<unknown>>;
  }
  interface FastifyContextConfig {
    /**
     * a state-changing route that changes nothing a session's lookup reads (the owner's row, bank
     * accounts, sessions): its owner's kept sessions stay kept after it (decision 155)
     */
    sessionUnchanged?: boolean;
  }
}

/**
 * What player and staff sessions share (docs/decisions/042-logged-in-reads.md): an opaque cookie
 * holding 32 random bytes, only their sha256 stored; idle and absolute expiry; revocation; a
 * `last_seen_at` written at most once a minute; the lookup one prepared statement per request.
 * Each kind says its table, the owner's column, its cookie and the URLs it is read on, and its
 * lookup (which joins the owner, and may bring what the route needs in the same round trip).
 */
export interface SessionKind {
  /** `player` or `staff`: names the prepared statements */
  name: string;
  table: 'player_sessions' | 'staff_sessions';
  ownerColumn: 'player_id' | 'staff_id';
  cookie: string;
  /** the cookie's path; the session is read on URLs under `${prefix}/` only */
  path: string;
  prefix: string;
  idleMinutes(config: Config): number;
  absoluteMs(config: Config): number;
  /** the request's user agent is kept with the session */
  keepsUserAgent: boolean;
}

/** A lookup's row: at least the session's id and owner, its times, and whether `last_seen_at` is a minute old. */
export interface SessionRow {
  session_id: string;
  owner_id: string;
  expires_at: Date | string;
  last_seen_at: Date | string;
  stale: boolean;
}

/**
 * A kind's lookup for one request: the prepared statement's name (all a cached session needs) and
 * its text, built only when the database is asked.
 */
export type SessionLookup = (request: FastifyRequest) => {
  name: string;
  /** built once per name, with placeholders the lookup binds per call (decision 187) */
  query: (tokenHash: Placeholder, agencyId: Placeholder, idleMinutes: Placeholder) => SQL;
};

/** What an instance keeps of a session it read: its id (for the touch) and the session as built. */
interface Kept<R extends SessionRow, V> {
  sessionId: R['session_id'];
  session: V;
}

/** The columns every lookup selects from its session table (aliased `alias`). */
export function sessionColumns(alias: string, ownerColumn: SessionKind['ownerColumn']): SQL {
  const s = sql.raw(alias);
  return sql`${s}.id AS session_id, ${s}.${sql.raw(ownerColumn)} AS owner_id, ${s}.expires_at, ${s}.last_seen_at,
             ${s}.last_seen_at < now() - interval '1 minute' AS stale`;
}

export const SESSION_CHANNEL = 'session_changed';
const TOUCH_EVERY_MS = 60_000;

/**
 * The instance's caches, one per kind, kept true by the database's notifications on one
 * connection per instance; created with the first kind's hook.
 */
function cachesOf(app: FastifyInstance): Map<string, SessionCache<unknown>> {
  if (app.hasDecorator('sessionCaches')) return app.sessionCaches;
  const caches = new Map<string, SessionCache<unknown>>();
  app.decorate('sessionCaches', caches);
  if (app.config.SESSION_CACHE_SECONDS === 0) return caches;
  const listening = app.database.listen(SESSION_CHANNEL, {
    onNotify(payload) {
      const colon = payload.indexOf(':');
      caches.get(payload.slice(0, colon))?.invalidate(payload.slice(colon + 1));
    },
    onState(up) {
      for (const cache of caches.values()) cache.setListening(up);
      if (!up) app.log.warn('session notifications lost: sessions are read from the database until they are back');
    },
    onError: (err) => app.log.warn({ err }, 'session notifications'),
  });
  app.addHook('preClose', () => listening.close());
  return caches;
}

// 32 random bytes in base64url: anything else is not one of our tokens and costs no query
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The conditions every lookup has: the token, the agency, not revoked, within both expiries. */
export function liveSession(alias: string, tokenHash: Placeholder, agencyId: Placeholder, idleMinutes: Placeholder): SQL {
  const s = sql.raw(alias);
  return sql`${s}.token_hash = ${tokenHash} AND ${s}.agency_id = ${agencyId}
    AND ${s}.revoked_at IS NULL AND ${s}.expires_at > now()
    AND ${s}.last_seen_at > now() - make_interval(mins => ${idleMinutes}::int)`;
}

/**
 * A statement run with a session's opening, as a CTE of its INSERT (one round trip, both or neither):
 * `name` names it and its prepared statement, so one name is always the same text.
 */
export interface SessionStartBefore {
  name: string;
  query: SQL;
}

export function createSessionCore(kind: SessionKind) {
  const table = sql.raw(kind.table);
  const owner = sql.raw(kind.ownerColumn);
  const cookieOptions = (config: Config) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: kind.path,
    secure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
  });

  return {
    /** Opens a session with a fresh token and sets its cookie (login, registration); answers its id. */
    async start(
      db: Db | Tx,
      request: FastifyRequest,
      reply: FastifyReply,
      who: { id: string; agencyId: string },
      before?: SessionStartBefore,
    ): Promise<string> {
      const config = request.server.config;
      const token = randomBytes(32).toString('base64url');
      const absoluteMs = kind.absoluteMs(config);
      const userAgent = kind.keepsUserAgent ? (request.headers['user-agent']?.slice(0, 512) ?? null) : null;
      const [row] = await queryRowsPrepared<{ id: string }>(
        db,
        before ? `${kind.name}_session_start_${before.name}` : `${kind.name}_session_start`,
        sql`${before ? sql`WITH ${sql.raw(before.name)} AS (${before.query}) ` : sql``}INSERT INTO ${table} (token_hash, ${owner}, agency_id, expires_at, ip${kind.keepsUserAgent ? sql`, user_agent` : sql``})
            VALUES (${hashToken(token)}, ${who.id}, ${who.agencyId}, now() + make_interval(secs => ${absoluteMs / 1000}::int), ${request.ip}
                    ${kind.keepsUserAgent ? sql`, ${userAgent}` : sql``})
            RETURNING id`,
      );
      reply.setCookie(kind.cookie, token, { ...cookieOptions(config), maxAge: absoluteMs / 1000 });
      return row!.id;
    },

    /** Ends one session (logout) and clears the cookie. */
    async end(
      db: Db | Tx,
      request: FastifyRequest,
      reply: FastifyReply,
      session: { sessionId: string; ownerId: string } | null,
    ): Promise<void> {
      if (session) {
        request.server.sessionCaches.get(kind.name)?.ended(session.ownerId);
        await queryRowsPrepared(
          db,
          `${kind.name}_session_end`,
          sql`UPDATE ${table} SET revoked_at = now() WHERE id = ${session.sessionId} AND revoked_at IS NULL`,
        );
      }
      reply.clearCookie(kind.cookie, cookieOptions(request.server.config));
    },

    /** Ends every session of one owner (password change, the current one included). */
    async endAll(db: Db | Tx, request: FastifyRequest, ownerId: string): Promise<void> {
      request.server.sessionCaches.get(kind.name)?.ended(ownerId);
      await queryRowsPrepared(
        db,
        `${kind.name}_session_end_all`,
        sql`UPDATE ${table} SET revoked_at = now() WHERE ${owner} = ${ownerId} AND revoked_at IS NULL`,
      );
    },

    /**
     * An onRequest hook that fills the request's session from the cookie, on URLs under the
     * kind's prefix of a known agency: one round trip (the lookup), and a second only when
     * `last_seen_at` is a minute old. A callback hook: a request without the cookie passes
     * without a promise.
     */
    addHook<R extends SessionRow, V>(
      app: FastifyInstance,
      lookup: SessionLookup,
      /** the request's session as routes see it, built once per row read (a cached one is reused as is) */
      build: (row: R) => V,
      assign: (request: FastifyRequest, session: V) => void,
    ): void {
      const idleMinutes = kind.idleMinutes(app.config);
      const prefix = `${kind.prefix}/`;
      const cache = new SessionCache<Kept<R, V>>(app.config.SESSION_CACHE_SECONDS * 1000, idleMinutes * 60_000);
      cachesOf(app).set(kind.name, cache as unknown as SessionCache<unknown>);
      /** the owner of each request's session of this kind */
      const owners = new WeakMap<FastifyRequest, string>();
      // written only when it moves by a minute, whichever instance wrote it last
      const touched = statementOnce(
        `${kind.name}_session_touch`,
        sql`UPDATE ${table} SET last_seen_at = now() WHERE id = ${sql.placeholder('id')} AND last_seen_at < now() - interval '1 minute'`,
      );
      const touch = (sessionId: string) => touched(app.db, { id: sessionId });
      const lookups = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<R[]>>();
      const load = async (request: FastifyRequest, token: string, agencyId: string) => {
        const tokenHash = hashToken(token);
        const { name, query } = lookup(request);
        let read = lookups.get(name);
        if (read === undefined) {
          read = statementOnce<R>(name, query(sql.placeholder('tokenHash'), sql.placeholder('agencyId'), sql.placeholder('idleMinutes')));
          lookups.set(name, read);
        }
        const key = `${name}:${agencyId}:${tokenHash}`;
        const hit = cache.get(key);
        if (hit) {
          owners.set(request, hit.ownerId);
          assign(request, hit.row.session);
          if (Date.now() - hit.lastSeenAtMs >= TOUCH_EVERY_MS) {
            await touch(hit.row.sessionId);
            cache.touched(key);
          }
          return;
        }
        const startedAt = cache.begin();
        const row = (await read(app.db, { tokenHash, agencyId, idleMinutes }))[0];
        if (!row) return;
        const session = build(row);
        owners.set(request, row.owner_id);
        assign(request, session);
        if (row.stale) await touch(row.session_id);
        cache.keep(key, startedAt, {
          row: { sessionId: row.session_id, session },
          ownerId: row.owner_id,
          expiresAtMs: new Date(row.expires_at).getTime(),
          lastSeenAtMs: row.stale ? Date.now() : new Date(row.last_seen_at).getTime(),
        });
      };
      app.addHook('onRequest', (request, _reply, done) => {
        const token = request.cookies[kind.cookie];
        if (!token || !request.agency || !request.url.startsWith(prefix) || !TOKEN_PATTERN.test(token)) return done();
        load(request, token, request.agency.id).then(() => done(), done);
      });
      // a call that changes something of its owner's (a bank account, a profile) has committed when
      // its answer is sent: this instance forgets the owner's kept sessions before the client can ask
      // again, instead of answering from memory until the database's notification arrives
      // (on the routes that change something only: a read pays no hook, nor a route that says it
      // changes nothing of the session's, such as an order: the next call needs no lookup again)
      const forget: onSendHookHandler = (request, _reply, payload, done) => {
        const ownerId = owners.get(request);
        if (ownerId !== undefined) cache.invalidate(ownerId);
        done(null, payload);
      };
      app.addHook('onRoute', (route) => {
        if (toArray(route.method).every((m) => m === 'GET' || m === 'HEAD') || route.config?.sessionUnchanged) return;
        route.onSend = [...toArray(route.onSend), forget];
      });
    },
  };
}
