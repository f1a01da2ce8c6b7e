import { sql, type SQL } from 'drizzle-orm';
import type { FraudSignalKind } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.js';

/** At most this many others are paired with a player per kind and event: a device farm still costs a bounded write. */
export const OTHERS_CAP = 100;
/** Registrations from one address closer than this pair their players. */
export const REGISTRATION_WINDOW = sql`interval '1 hour'`;

/** The holder's name as compared: case and every space aside; Lao and Thai letters as they are (migration 0118's index). */
export const holderKey = (name: SQL) => sql`lower(regexp_replace(${name}, '\\s+', '', 'g'))`;

/**
 * Writes the pairs (me, other) of one kind from `others` (a query of `player_id, ref` rows of the
 * agency's other players), ordered, once: a pair already written, open or decided, stays as it is.
 */
async function pairWith(db: Db | Tx, agencyId: string, playerId: string, kind: FraudSignalKind, others: SQL): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO fraud_signals (agency_id, kind, player_a, player_b, ref)
        SELECT ${agencyId}::uuid, ${kind}, least(${playerId}::uuid, o.player_id), greatest(${playerId}::uuid, o.player_id), o.ref
          FROM (SELECT DISTINCT ON (s.player_id) s.player_id, s.ref FROM (${others}) s
                 WHERE s.player_id <> ${playerId}::uuid ORDER BY s.player_id, s.ref LIMIT ${OTHERS_CAP}) o
          JOIN players p ON p.id = o.player_id AND p.agency_id = ${agencyId}::uuid
        ON CONFLICT ON CONSTRAINT fraud_signals_pair DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

/** Other players who sent one of the player's fingerprints (player_fingerprints_hash_idx). */
export const deviceSignals = (db: Db | Tx, agencyId: string, playerId: string) =>
  pairWith(
    db,
    agencyId,
    playerId,
    'device',
    sql`SELECT other.player_id, mine.hash AS ref FROM player_fingerprints mine
          JOIN player_fingerprints other ON other.hash = mine.hash AND other.player_id <> mine.player_id
         WHERE mine.player_id = ${playerId}::uuid`,
  );

/**
 * Other players with the player's account number: on their bank account at any bank, or paid to by
 * their withdrawals (the account-number indexes of migration 0035, as the queue's warnings read them).
 */
export async function bankAccountSignals(db: Db | Tx, agencyId: string, playerId: string) {
  const [mine] = await queryRows<{ account_number: string; bank: string; account_name: string }>(
    db,
    sql`SELECT account_number, bank, account_name FROM player_bank_accounts WHERE agency_id = ${agencyId} AND player_id = ${playerId}`,
  );
  if (!mine) return 0;
  const number = mine.account_number;
  const byNumber = await pairWith(
    db,
    agencyId,
    playerId,
    'bank_account',
    sql`SELECT b.player_id, b.account_number AS ref FROM player_bank_accounts b
         WHERE b.agency_id = ${agencyId} AND (b.account_number COLLATE "C") = ${number}
        UNION
        SELECT x.player_id, x.account_number FROM withdrawals x WHERE x.agency_id = ${agencyId} AND x.account_number = ${number}`,
  );
  // the same holder at the same bank (player_bank_accounts_holder_idx)
  const byHolder = await pairWith(
    db,
    agencyId,
    playerId,
    'holder_name',
    sql`SELECT b.player_id, b.bank || ':' || b.account_name AS ref FROM player_bank_accounts b
         WHERE b.agency_id = ${agencyId} AND b.bank = ${mine.bank}
           AND ${holderKey(sql`b.account_name`)} = ${holderKey(sql`${mine.account_name}::text`)}`,
  );
  return byNumber + byHolder;
}

/**
 * A loopback address is no client's: the server saw only itself or a proxy it does not trust
 * (decision 041), and pairing on it would pair every player registered through that hop.
 */
const LOOPBACK = sql`(me.registration_ip LIKE '127.%' OR me.registration_ip IN ('::1', '::ffff:127.0.0.1'))`;

/** Other players registered from the player's address within an hour of them (players_registration_ip_idx). */
export const registrationSignals = (db: Db | Tx, agencyId: string, playerId: string) =>
  pairWith(
    db,
    agencyId,
    playerId,
    'registration_ip',
    sql`SELECT o.id AS player_id, o.registration_ip AS ref FROM players me
          JOIN players o ON o.agency_id = me.agency_id AND o.registration_ip = me.registration_ip
           AND o.created_at BETWEEN me.created_at - ${REGISTRATION_WINDOW} AND me.created_at + ${REGISTRATION_WINDOW}
         WHERE me.id = ${playerId}::uuid AND me.agency_id = ${agencyId}::uuid AND me.registration_ip IS NOT NULL AND NOT ${LOOPBACK}`,
  );

/**
 * A bonus ring: other players of one of the player's devices holding a usage of the same
 * first-deposit promotion, whatever its state: the one being taken, or (a device shared later) any
 * the player holds a usage of. The ref (promotion:fingerprint) names the ring, so that staff decide
 * it once for all its pairs.
 */
export const bonusRingSignals = (db: Db | Tx, agencyId: string, playerId: string, promotionId?: string) =>
  pairWith(
    db,
    agencyId,
    playerId,
    'bonus_ring',
    sql`SELECT other.player_id, u.promotion_id::text || ':' || mine.hash AS ref FROM player_fingerprints mine
          JOIN player_fingerprints other ON other.hash = mine.hash AND other.player_id <> mine.player_id
          JOIN promotion_usages u ON u.player_id = other.player_id AND u.agency_id = ${agencyId}::uuid
         WHERE mine.player_id = ${playerId}::uuid
           AND ${
             promotionId
               ? sql`u.promotion_id = ${promotionId}::uuid`
               : sql`u.promotion_id IN (SELECT m.promotion_id FROM promotion_usages m JOIN promotions pr ON pr.id = m.promotion_id
                                         WHERE m.player_id = ${playerId}::uuid AND m.agency_id = ${agencyId}::uuid
                                           AND (pr.rules ->> 'firstOrderOnly')::boolean)`
           }`,
  );

/** The rings of every first-deposit promotion the player holds a usage of (after a device is shared). */
export const heldRingSignals = (db: Db | Tx, agencyId: string, playerId: string) => bonusRingSignals(db, agencyId, playerId);

/** Whether the player is in a bonus ring staff have not allowed (open, or confirmed: kept blocked). */
export async function inBlockingRing(db: Db | Tx, agencyId: string, playerId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM fraud_signals
         WHERE agency_id = ${agencyId} AND kind = 'bonus_ring' AND status <> 'dismissed'
           AND (player_a = ${playerId} OR player_b = ${playerId})
         LIMIT 1`,
  );
  return rows.length > 0;
}
