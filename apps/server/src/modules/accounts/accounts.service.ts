import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { USERNAME_PATTERN, registerBodySchema, usernameSchema, type SessionResponse } from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { playerFingerprints, players } from '../../db/schema/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import { ACCOUNT_LIMITS } from './accounts.limits.js';
import { endAllSessions, endSession, startSession } from '../../plugins/session.js';
import { AppError } from '../../errors.js';
import {
  FINGERPRINT_MISMATCH_KEY,
  accountBlocked,
  sameAsCurrent,
  assertStorable,
  invalidCredentials,
  parseOrFail,
  passwordIncorrect,
  usernameTaken,
  USERNAME_EXIST_KEY,
} from './accounts.errors.js';
import { vientianeDay } from '../shared/business-day.js';
import type { AccountsService, AccountsServiceDependencies } from './accounts.types.js';
import { saveFingerprint } from './fingerprints.js';

type PlayerRow = typeof players.$inferSelect;

const toPlayer = (p: PlayerRow): SessionResponse['player'] => ({
  id: p.id,
  username: p.username,
  displayName: p.displayName,
  createdAt: p.createdAt.toISOString(),
});

const ipKey = (agency: AgencyContext, request: FastifyRequest) => `${agency.id}:${request.ip}`;

export function createAccountsService({
  db,
  passwords: hasher,
  rateLimiter: limiter,
  loginThrottle: throttle,
  bankAccounts,
  fraudSignals,
}: AccountsServiceDependencies): AccountsService {
  async function findPlayer(agencyId: string, username: string): Promise<PlayerRow | undefined> {
    const rows = await db
      .select()
      .from(players)
      .where(and(eq(players.agencyId, agencyId), eq(players.username, username)));
    return rows[0];
  }

  return {
    async register(request, reply, agency, body, header) {
      const input = parseOrFail(registerBodySchema(agency.settings), body);
      assertStorable(input.fingerprint, 'fingerprint');
      // SPEC.md §3 sends it twice; two different values mean a hand-made request
      if (header !== input.fingerprint) {
        throw new AppError('VALIDATION_FAILED', 'The request is not valid.', { fingerprint: FINGERPRINT_MISMATCH_KEY });
      }
      await limiter.consume(ACCOUNT_LIMITS.registerPerIp, ipKey(agency, request));
      if (await findPlayer(agency.id, input.username)) throw usernameTaken();
      const passwordHash = await hasher.hash(input.password);
      try {
        const player = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(players)
            .values({
              agencyId: agency.id,
              username: input.username,
              passwordHash,
              displayName: input.username,
              lastLoginAt: new Date(),
              // the client's address by the trusted-proxy rule (decision 041), for the registration signal
              registrationIp: request.ip,
            })
            .returning();
          await tx.insert(playerFingerprints).values({ playerId: row!.id, day: vientianeDay(), hash: input.fingerprint });
          await startSession(tx, request, reply, row!);
          return row!;
        });
        // the new player's own browser and address are known clients of the account from the start
        await throttle.remember(throttle.attempt(request, 'player', agency.id, player.username), reply);
        await fraudSignals.recordAfter('registered', { agencyId: agency.id, playerId: player.id });
        return { player: toPlayer(player) };
      } catch (err) {
        if (isUniqueViolation(err)) throw usernameTaken();
        throw err;
      }
    },

    async validateUsername(request, agency, username) {
      await limiter.consume(ACCOUNT_LIMITS.usernameCheckPerIp, ipKey(agency, request));
      const parsed = usernameSchema(agency.settings.usernameMin, agency.settings.usernameMax).safeParse(username);
      if (!parsed.success) return { valid: false, available: false, reason: parsed.error.issues[0]!.message };
      if (await findPlayer(agency.id, parsed.data)) return { valid: true, available: false, reason: USERNAME_EXIST_KEY };
      return { valid: true, available: true };
    },

    async login(request, reply, agency, body) {
      // usernames are lowercase by rule; a capitalised entry (phone keyboards) still finds the account
      const username = body.username.trim().toLowerCase();
      if (!USERNAME_PATTERN.test(username)) {
        // no account can have this name: nothing to look up, but the attempt counted and the same time spent
        await throttle.consume(request, 'player', agency.id);
        await hasher.verifyDummy(body.password);
        throw invalidCredentials();
      }
      // the same rules, queries and time for an unknown name as for a wrong password (DESIGN.md §10);
      // the attempt counted against this client's budget in the same round trip
      const attempt = throttle.attempt(request, 'player', agency.id, username);
      await throttle.admit(attempt, 'player', { counting: true });
      const player = await findPlayer(agency.id, username);
      let ok = false;
      if (player) ok = await hasher.verify(player.passwordHash, body.password);
      else await hasher.verifyDummy(body.password);
      if (!player || !ok) {
        await throttle.failed(attempt, 'player');
        throw invalidCredentials();
      }
      // only the right password learns of the block: a guess answers as any wrong one (decision 055)
      if (player.status !== 'active') throw accountBlocked();
      // a token that existed before login is never the one after it (session fixation)
      if (request.player) await endSession(db, request, reply);
      const rehash = hasher.needsRehash(player.passwordHash) ? await hasher.hash(body.password) : null;
      // the login's time (and a rehashed password) written by the statement that opens the session
      await startSession(db, request, reply, player, {
        name: 'login',
        query: sql`UPDATE players SET last_login_at = now(), password_hash = coalesce(${rehash}::text, password_hash)
                    WHERE id = ${player.id} AND agency_id = ${player.agencyId}`,
      });
      await throttle.succeeded(attempt, reply);
      return { player: toPlayer(player) };
    },

    async logout(request, reply) {
      await endSession(db, request, reply);
    },

    // the session's lookup read the player and, on this route, the bank accounts (decision 042)
    async info(session) {
      return {
        player: {
          id: session.playerId,
          username: session.username,
          displayName: session.displayName,
          createdAt: session.createdAt.toISOString(),
        },
        credential: {
          username: session.username,
          lastLoginAt: session.lastLoginAt?.toISOString() ?? null,
          mustChangePassword: session.mustChangePassword,
        },
        bankAccounts: await bankAccounts.ofSession(session),
      };
    },

    async isPromotionBlocked(session) {
      return { isBlocked: session.promotionBlocked };
    },

    async changePassword(request, reply, session, body) {
      // per player, not per account name: only the session's holder can fail it, and failing it never touches logins
      await limiter.check(ACCOUNT_LIMITS.passwordChangeFailures, session.playerId);
      const rows = await db.select().from(players).where(eq(players.id, session.playerId));
      const player = rows[0];
      if (!player || !(await hasher.verify(player.passwordHash, body.currentPassword))) {
        await limiter.record(ACCOUNT_LIMITS.passwordChangeFailures, session.playerId);
        throw passwordIncorrect();
      }
      // a change that changes nothing is a mistake, and a password staff gave out is known to someone else (decision 055);
      // the contract's schema refuses it first, this holds it for any caller that skips the schema
      if (body.newPassword === body.currentPassword) throw sameAsCurrent();
      const passwordHash = await hasher.hash(body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(players).set({ passwordHash, mustChangePassword: false }).where(eq(players.id, player.id));
        await endAllSessions(tx, request, player.id);
      });
      await endSession(db, request, reply);
      return { ok: true as const };
    },

    async saveFingerprint(session, body) {
      assertStorable(body, 'fingerprint');
      await saveFingerprint(db, session.playerId, body);
      await fraudSignals.recordAfter('fingerprint', session);
    },
  };
}
