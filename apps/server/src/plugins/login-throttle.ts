import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { queryRows, textArray, type Db } from '../db/client.js';
import { loginFailures, loginThrottled } from '../metrics/registry.js';
import { refused, type Limit, type RateLimiter } from './rate-limit.js';

const MINUTE = 60_000;
/** The login budgets of players and staff alike: DESIGN.md §10, the numbers ours (docs/decisions/006 and 039). */
export const LOGIN_LIMITS = {
  /** failed logins of one account from everywhere: past it, only the account's known clients may try (a budget, not a lock) */
  loginFailuresPerAccount: { name: 'login-fail', max: 10, windowMs: 15 * MINUTE },
  /** failed logins of one account from one client: past it, that client is refused for that account */
  loginFailuresPerAccountClient: { name: 'login-fail-client', max: 5, windowMs: 15 * MINUTE },
  /** failed logins from one client, whatever the account (guessing across accounts); generous: towns share a NAT address */
  loginFailuresPerIp: { name: 'login-fail-ip', max: 50, windowMs: 15 * MINUTE },
  loginPerIp: { name: 'login-ip', max: 30, windowMs: MINUTE },
} satisfies Record<string, Limit>;

/** The browser's device cookie: set at a successful login, it makes the browser a known client of that account. */
export const DEVICE_COOKIE = 'lc_device';
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DEVICE_DAYS = 365;
/** A client not seen logging in to the account for this long is a stranger again. */
export const KNOWN_CLIENT_DAYS = 90;

/** `staff_code`: the second factor's codes after a staff password (decision 049), counted apart from passwords */
export type LoginKind = 'player' | 'staff' | 'staff_code';

/** One login attempt, between `admit` and `failed` or `succeeded`. */
export interface LoginAttempt {
  agencyId: string;
  /** `player:<username>`, `staff:<username>` or `staff_code:<username>`: counted before the name is looked up, so an unknown name is treated the same */
  account: string;
  ip: string;
  /** this browser's device cookie, when it has one */
  device: string | null;
  /** this client's failures on the account as `admit` read them: `succeeded` has none to forget when 0 */
  clientFailures?: number;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const clientsOf = (a: LoginAttempt) => [`ip:${a.ip}`, ...(a.device ? [`device:${digest(a.device)}`] : [])];
/** The per-client keys (attempts and failures per address), per agency: one site's traffic never limits another's. */
export const clientKey = (kind: LoginKind, agencyId: string, ip: string) => `${kind === 'player' ? '' : `${kind}:`}${agencyId}:${ip}`;
const accountKey = (a: LoginAttempt) => `${a.agencyId}:${a.account}`;

/**
 * Failed logins are throttled per (account, client) and per client, never per account alone
 * (DESIGN.md §10, OWASP's authentication cheat sheet; docs/decisions/039-login-throttling.md):
 *
 * - a client (an address) is refused an account after 5 failures on it in 15 minutes, and every
 *   account after 50 failures in 15 minutes, besides its 30 attempts a minute;
 * - an account's failures from everywhere form a budget (10 in 15 minutes): past it, only its known
 *   clients may still try it (a browser with the device cookie of an earlier login to it, or an
 *   address it logged in from within 90 days), so a stranger guessing from many addresses cannot
 *   keep the owner out of the site and the withdrawal queue.
 *
 * Every refusal is RATE_LIMITED, and is the same for an unknown name as for a real account.
 */
export function createLoginThrottle(db: Db, limiter: RateLimiter, config: Pick<Config, 'COOKIE_SECURE' | 'NODE_ENV'>) {
  async function known(attempt: LoginAttempt): Promise<boolean> {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`SELECT 1 AS n FROM login_known_clients
           WHERE agency_id = ${attempt.agencyId} AND account = ${attempt.account}
             AND client = ANY (${textArray(clientsOf(attempt))}::text[])
             AND seen_at > now() - make_interval(days => ${KNOWN_CLIENT_DAYS})
           LIMIT 1`,
    );
    return rows.length > 0;
  }

  return {
    /** Counts the attempt of this client (RATE_LIMITED past 30 a minute), before anything else is judged. */
    async consume(request: FastifyRequest, kind: LoginKind, agencyId: string): Promise<void> {
      await throttled(kind, limiter.consume(LOGIN_LIMITS.loginPerIp, clientKey(kind, agencyId, request.ip)));
    },

    /** The attempt of this request's client on an account (`username` as it would be stored). */
    attempt(request: FastifyRequest, kind: LoginKind, agencyId: string, username: string): LoginAttempt {
      const token = request.cookies[DEVICE_COOKIE];
      return { agencyId, account: `${kind}:${username}`, ip: request.ip, device: token && DEVICE_TOKEN.test(token) ? token : null };
    },

    /**
     * Before the password is verified: RATE_LIMITED when this client may not try this account now.
     * With `counting`, the attempt is first counted as `consume` counts it, in the same round trip.
     */
    async admit(attempt: LoginAttempt, kind: LoginKind, { counting = false } = {}): Promise<void> {
      const keys = [
        [LOGIN_LIMITS.loginFailuresPerIp, clientKey(kind, attempt.agencyId, attempt.ip)],
        [LOGIN_LIMITS.loginFailuresPerAccountClient, `${accountKey(attempt)}:${attempt.ip}`],
        [LOGIN_LIMITS.loginFailuresPerAccount, accountKey(attempt)],
      ] as const;
      const consumed = counting ? ([LOGIN_LIMITS.loginPerIp, keys[0][1]] as const) : null;
      const counts = await throttled(kind, limiter.tally(consumed, keys));
      attempt.clientFailures = counts[1];
      const over = keys.map(([limit], i) => counts[i]! >= limit.max);
      // the account's budget refuses only strangers
      if (over[2] && (await known(attempt))) over[2] = false;
      if (over.some(Boolean)) {
        loginThrottled.inc({ kind });
        // the latest of the limits that refuse: the time the player is shown
        const times = await Promise.all(keys.filter((_, i) => over[i]).map(([limit, key]) => limiter.retryAt(limit, key)));
        throw refused(new Date(Math.max(...times.map((d) => d.getTime()))));
      }
    },

    /** A wrong password, an unknown name or a blocked account: counted on all three keys. */
    async failed(attempt: LoginAttempt, kind: LoginKind): Promise<void> {
      loginFailures.inc({ kind });
      await Promise.all([
        limiter.record(LOGIN_LIMITS.loginFailuresPerIp, clientKey(kind, attempt.agencyId, attempt.ip)),
        limiter.record(LOGIN_LIMITS.loginFailuresPerAccountClient, `${accountKey(attempt)}:${attempt.ip}`),
        limiter.record(LOGIN_LIMITS.loginFailuresPerAccount, accountKey(attempt)),
      ]);
    },

    /**
     * The right password: this client's failures on the account are forgotten (not the account's
     * budget, which strangers' failures fill), and the client becomes known: its address, and the
     * browser's device cookie, set now if it had none.
     */
    async succeeded(attempt: LoginAttempt, reply: FastifyReply): Promise<void> {
      if (attempt.clientFailures !== 0)
        await limiter.reset(LOGIN_LIMITS.loginFailuresPerAccountClient, `${accountKey(attempt)}:${attempt.ip}`);
      await this.remember(attempt, reply);
    },

    /**
     * Staff lift an account's lock: its failures from everywhere and from every
     * client are forgotten. A client's failures across accounts stay (they are no one account's).
     */
    async lift(agencyId: string, kind: LoginKind, username: string): Promise<void> {
      const account = `${agencyId}:${kind}:${username}`;
      await Promise.all([
        limiter.reset(LOGIN_LIMITS.loginFailuresPerAccount, account),
        limiter.resetPrefix(LOGIN_LIMITS.loginFailuresPerAccountClient, `${account}:`),
      ]);
    },

    /** Makes this client known to the account (also at registration: a new player's own browser). */
    async remember(attempt: LoginAttempt, reply: FastifyReply): Promise<void> {
      let device = attempt.device;
      if (!device) {
        device = randomBytes(32).toString('base64url');
        reply.setCookie(DEVICE_COOKIE, device, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/api/',
          secure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
          maxAge: DEVICE_DAYS * 86_400,
        });
      }
      const clients = clientsOf({ ...attempt, device });
      await db.execute(sql`
        INSERT INTO login_known_clients (agency_id, account, client)
        SELECT ${attempt.agencyId}, ${attempt.account}, c FROM unnest(${textArray(clients)}::text[]) AS c
        ON CONFLICT (agency_id, account, client) DO UPDATE SET seen_at = now()`);
    },
  };
}

/** `work`, counting a RATE_LIMITED refusal as a throttled login of `kind`. */
async function throttled<T>(kind: LoginKind, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') loginThrottled.inc({ kind });
    throw err;
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** Forgets clients not seen for KNOWN_CLIENT_DAYS (they no longer count as known). */
export async function purgeKnownClients(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM login_known_clients WHERE seen_at < now() - make_interval(days => ${KNOWN_CLIENT_DAYS})`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the login rules shared by players and staff */
    loginThrottle: LoginThrottle;
  }
}

/** `app.loginThrottle`, on `app.rateLimiter`'s store; forgets stale known clients hourly. */
export const loginThrottlePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('loginThrottle', createLoginThrottle(app.db, app.rateLimiter, app.config));
  const purge = setInterval(() => {
    purgeKnownClients(app.db).catch((err: unknown) => app.log.warn({ err }, 'known login clients purge failed'));
  }, 60 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
});
