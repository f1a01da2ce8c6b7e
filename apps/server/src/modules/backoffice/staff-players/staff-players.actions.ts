import type { AuditAction } from '@app/contracts';
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ChangeBankAccountBody } from '@app/contracts';
import { queryRows, type Tx } from '../../../db/client.js';
import { transactionWithRetry } from '../../../db/errors.js';
import { notFound } from '../../../errors.js';
import { endAllSessions } from '../../../plugins/session.js';
import { writeAudit, type StaffActor } from '../../../audit/audit.js';
import type { StaffPlayersServiceDependencies } from './staff-players.types.js';

// no 0/O, 1/l/I: the password is read aloud or typed from a screen by the player
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TEMPORARY_LENGTH = 12;

/** A one-time password: 12 characters of 55, about 69 bits. */
export function temporaryPassword(length = TEMPORARY_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

interface Locked {
  id: string;
  username: string;
  status: 'active' | 'blocked';
  must_change_password: boolean;
}

/** The player's row under lock, in the staff member's agency, or 404. */
async function lockPlayer(tx: Tx, agencyId: string, playerId: string): Promise<Locked> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`SELECT id, username, status, must_change_password FROM players WHERE agency_id = ${agencyId} AND id = ${playerId} FOR UPDATE`,
  );
  if (!row) throw notFound('no such player');
  return row;
}

/**
 * Staff's actions on a player (DESIGN.md §9): block and unblock login, reset the password, end
 * sessions, change the bank account. Each with its audit row in its own transaction; the actions that
 * end sessions take the request, whose instance forgets the player's cached sessions at once (the
 * database tells the others, decision 043).
 */
export function createPlayerActions({ db, passwords, bankAccounts, loginThrottle, fraudSignals }: StaffPlayersServiceDependencies) {
  const audit = (tx: Tx, actor: StaffActor, action: AuditAction, playerId: string, before: object, after: object) =>
    writeAudit(tx, actor, { action, entityType: 'player', entityId: playerId, before, after });

  return {
    /** blocked: no login (ACCOUNT_BLOCKED) and every session ended; unblocked: may log in again */
    async setBlocked(request: FastifyRequest, actor: StaffActor, playerId: string, blocked: boolean, reason: string) {
      const status = blocked ? 'blocked' : 'active';
      await transactionWithRetry(db, async (tx) => {
        const before = await lockPlayer(tx, actor.staff.agencyId, playerId);
        await tx.execute(sql`UPDATE players SET status = ${status} WHERE id = ${playerId}`);
        if (blocked) await endAllSessions(tx, request, playerId);
        await audit(tx, actor, blocked ? 'player.block' : 'player.unblock', playerId, { status: before.status }, { status, reason });
      });
    },

    /** a one-time password, shown once: the player must choose a new one at the next login */
    async resetPassword(request: FastifyRequest, actor: StaffActor, playerId: string): Promise<{ temporaryPassword: string }> {
      const agency = request.agency!;
      const password = temporaryPassword(Math.max(TEMPORARY_LENGTH, agency.settings.passwordMin));
      const hash = await passwords.hash(password);
      const username = await transactionWithRetry(db, async (tx) => {
        const before = await lockPlayer(tx, actor.staff.agencyId, playerId);
        await tx.execute(sql`UPDATE players SET password_hash = ${hash}, must_change_password = true WHERE id = ${playerId}`);
        await endAllSessions(tx, request, playerId);
        // the password itself is never written anywhere but its hash
        await audit(
          tx,
          actor,
          'player.password_reset',
          playerId,
          { mustChangePassword: before.must_change_password },
          { mustChangePassword: true, loginLockLifted: true },
        );
        return before.username;
      });
      // the player locked out by their own typing gets in with the new password at once
      await loginThrottle.lift(actor.staff.agencyId, 'player', username);
      return { temporaryPassword: password };
    },

    /** the player's failed logins forgotten: locked out by their own typing, they may try again now */
    async liftLoginLock(actor: StaffActor, playerId: string) {
      const username = await transactionWithRetry(db, async (tx) => {
        const player = await lockPlayer(tx, actor.staff.agencyId, playerId);
        await audit(tx, actor, 'player.login_lock_lift', playerId, {}, { loginLockLifted: true });
        return player.username;
      });
      await loginThrottle.lift(actor.staff.agencyId, 'player', username);
    },

    /** one session (its id) or all of them */
    async endSessions(request: FastifyRequest, actor: StaffActor, playerId: string, sessionId: string | undefined) {
      await transactionWithRetry(db, async (tx) => {
        await lockPlayer(tx, actor.staff.agencyId, playerId);
        const ended = await queryRows<{ id: string }>(
          tx,
          sql`UPDATE player_sessions SET revoked_at = now()
              WHERE player_id = ${playerId} AND revoked_at IS NULL ${sessionId ? sql`AND id = ${sessionId}` : sql``}
              RETURNING id`,
        );
        if (sessionId && ended.length === 0) throw notFound('no such live session');
        request.server.sessionCaches.get('player')?.ended(playerId);
        await audit(tx, actor, 'player.sessions_end', playerId, {}, { sessions: ended.map((s) => s.id) });
      });
    },

    /** the rules of DESIGN.md §7 still hold (the bank-accounts service's); the reason is audited */
    async changeBankAccount(actor: StaffActor, playerId: string, body: ChangeBankAccountBody) {
      const changed = await transactionWithRetry(db, async (tx) => {
        await lockPlayer(tx, actor.staff.agencyId, playerId);
        const { before, after } = await bankAccounts.replace(tx, actor.staff.agencyId, playerId, body);
        await audit(
          tx,
          actor,
          'player.bank_account_change',
          playerId,
          before ? { bank: before.bank, accountNumber: before.accountNumber, accountName: before.accountName } : {},
          { bank: after.bank, accountNumber: after.accountNumber, accountName: after.accountName, reason: body.reason },
        );
        return { bankAccount: after };
      });
      // after the commit, as for a player's own account (decision 164)
      await fraudSignals.recordAfter('bank_account', { agencyId: actor.staff.agencyId, playerId });
      return changed;
    },
  };
}
