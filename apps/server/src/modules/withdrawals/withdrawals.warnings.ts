import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { withdrawals, WithdrawalRow } from '../../db/schema/index.js';

/** Warnings count other players up to this many: "10+" says enough, and the count stays cheap. */
export const WARNING_CAP = 10;

/*
 * Two ways one person may hide behind several players of an agency (decision 054): the same device (a
 * fingerprint hash any of the player's days share with another player's) and the same bank account
 * number (on another player's bank account, whatever the bank, or paid to by another player's
 * withdrawal). Each is read through an index (player_fingerprints_hash_idx, and migration 0035's
 * account-number indexes) and stops at WARNING_CAP players.
 */
const fingerprintOthers = (agencyId: SQL, playerId: SQL) =>
  sql`SELECT DISTINCT other.player_id
        FROM player_fingerprints mine
        JOIN player_fingerprints other ON other.hash = mine.hash AND other.player_id <> mine.player_id
        JOIN players op ON op.id = other.player_id AND op.agency_id = ${agencyId}
       WHERE mine.player_id = ${playerId}`;

const bankOthers = (agencyId: SQL, playerId: SQL, accountNumber: SQL) =>
  sql`SELECT b.player_id FROM player_bank_accounts b
       WHERE b.agency_id = ${agencyId} AND (b.account_number COLLATE "C") = ${accountNumber} AND b.player_id <> ${playerId}
      UNION
      SELECT x.player_id FROM withdrawals x
       WHERE x.agency_id = ${agencyId} AND x.account_number = ${accountNumber} AND x.player_id <> ${playerId}`;

type WithdrawalColumns = typeof withdrawals;

/** How many other players of the agency share a fingerprint with the withdrawal's player (capped). */
export const sharedFingerprint = (w: WithdrawalColumns) =>
  sql<number>`(SELECT count(*)::int FROM (${fingerprintOthers(sql`${w.agencyId}`, sql`${w.playerId}`)} LIMIT ${WARNING_CAP}) s)`.mapWith(
    Number,
  );

/** How many other players of the agency share the withdrawal's bank account number (capped). */
export const sharedBankAccount = (w: WithdrawalColumns) =>
  sql<number>`(SELECT count(*)::int FROM (${bankOthers(sql`${w.agencyId}`, sql`${w.playerId}`, sql`${w.accountNumber}`)} LIMIT ${WARNING_CAP}) s)`.mapWith(
    Number,
  );

/** The other players themselves, named, for the withdrawal's detail. */
export async function sharingPlayers(db: Db, w: WithdrawalRow, cap: number) {
  const agency = sql`${w.agencyId}::uuid`;
  const player = sql`${w.playerId}::uuid`;
  return queryRows<{ id: string; username: string; via: 'fingerprint' | 'bankAccount' }>(
    db,
    sql`(SELECT p.id::text AS id, p.username, 'fingerprint' AS via FROM players p
          WHERE p.id IN (${fingerprintOthers(agency, player)} LIMIT ${cap}))
        UNION ALL
        (SELECT p.id::text, p.username, 'bankAccount' FROM players p
          WHERE p.id IN (SELECT s.player_id FROM (${bankOthers(agency, player, sql`${w.accountNumber}`)} LIMIT ${cap}) s))
        ORDER BY via, username`,
  );
}
