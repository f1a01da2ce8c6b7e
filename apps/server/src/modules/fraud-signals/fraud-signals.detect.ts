import { sql, type SQL } from 'drizzle-orm';
import type { FraudSignalKind } from '@app/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.js';

/** At most this many others are paired with a player per kind and event: a device farm still costs a bounded write. */
export const OTHERS_CAP = 100;
/** Registrations from one address closer than this pair their players. */
export const REGISTRATION_WINDOW = sql`interval '1 hour'`;

/** The holder's name as compared: case and every space aside; Lao and Thai letters as they are (migration 0118's index). */
export const holderKey = (name: SQL) => sql`lower(regexp_replace(${name}, '\\s+', '', 'g'))`;

/** One kind's pairs: `others` is a query of `player_id, ref` rows of the agency's other players. */
export interface PairSource {
  kind: FraudSignalKind;
  others: SQL;
}

/**
 * Writes the pairs (me, other) of each source, ordered, once, in one statement: a pair already
 * written, open or decided, stays as it is. Each kind pairs at most OTHERS_CAP others.
 */
export async function writePairs(db: Db | Tx, agencyId: string, playerId: string, sources: readonly PairSource[]): Promise<number> {
  const picked = sources.map(
    ({ kind, others }) =>
      sql`(SELECT ${kind}::text AS kind, o.player_id, o.ref
             FROM (SELECT DISTINCT ON (s.player_id) s.player_id, s.ref FROM (${others}) s
                    WHERE s.player_id <> ${playerId}::uuid ORDER BY s.player_id, s.ref LIMIT ${OTHERS_CAP}) o)`,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO fraud_signals (agency_id, kind, player_a, player_b, ref)
        SELECT ${agencyId}::uuid, o.kind, least(${playerId}::uuid, o.player_id), greatest(${playerId}::uuid, o.player_id), o.ref
          FROM (${sql.join(picked, sql` UNION ALL `)}) o
          JOIN players p ON p.id = o.player_id AND p.agency_id = ${agencyId}::uuid
        ON CONFLICT ON CONSTRAINT fraud_signals_pair DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

/** Other players who sent one of the player's fingerprints (player_fingerprints_hash_idx). */
export const deviceSources = (playerId: string): PairSource[] => [
  {
    kind: 'device',
    others: sql`SELECT other.player_id, mine.hash AS ref FROM player_fingerprints mine
                  JOIN player_fingerprints other ON other.hash = mine.hash AND other.player_id <> mine.player_id
                 WHERE mine.player_id = ${playerId}::uuid`,
  },
];

/**
 * Other players with the account number of the player's (first) bank account: on their bank account
 * at any bank, or paid to by their withdrawals (the account-number indexes of migration 0035, as the
 * queue's warnings read them); and the same holder at the same bank (player_bank_accounts_holder_idx).
 */
export function bankAccountSources(agencyId: string, playerId: string): PairSource[] {
  const mine = sql`(SELECT account_number, bank, account_name FROM player_bank_accounts
                     WHERE agency_id = ${agencyId} AND player_id = ${playerId} LIMIT 1) mine`;
  return [
    {
      kind: 'bank_account',
      others: sql`SELECT b.player_id, b.account_number AS ref FROM ${mine}
                    JOIN player_bank_accounts b ON b.agency_id = ${agencyId} AND (b.account_number COLLATE "C") = mine.account_number
                  UNION
                  SELECT x.player_id, x.account_number FROM ${mine}
                    JOIN withdrawals x ON x.agency_id = ${agencyId} AND x.account_number = mine.account_number`,
    },
    {
      kind: 'holder_name',
      others: sql`SELECT b.player_id, b.bank || ':' || b.account_name AS ref FROM ${mine}
                    JOIN player_bank_accounts b ON b.agency_id = ${agencyId} AND b.bank = mine.bank
                     AND ${holderKey(sql`b.account_name`)} = ${holderKey(sql`mine.account_name::text`)}`,
    },
  ];
}

/**
 * A loopback address is no client's: the server saw only itself or a proxy it does not trust
 * (decision 041), and pairing on it would pair every player registered through that hop.
 */
const LOOPBACK = sql`(me.registration_ip LIKE '127.%' OR me.registration_ip IN ('::1', '::ffff:127.0.0.1'))`;

/** Other players registered from the player's address within an hour of them (players_registration_ip_idx). */
export const registrationSources = (agencyId: string, playerId: string): PairSource[] => [
  {
    kind: 'registration_ip',
    others: sql`SELECT o.id AS player_id, o.registration_ip AS ref FROM players me
                  JOIN players o ON o.agency_id = me.agency_id AND o.registration_ip = me.registration_ip
                   AND o.created_at BETWEEN me.created_at - ${REGISTRATION_WINDOW} AND me.created_at + ${REGISTRATION_WINDOW}
                 WHERE me.id = ${playerId}::uuid AND me.agency_id = ${agencyId}::uuid AND me.registration_ip IS NOT NULL AND NOT ${LOOPBACK}`,
  },
];

/**
 * A bonus ring: other players of one of the player's devices holding a usage of the same
 * first-deposit promotion, whatever its state: the one being taken, or (a device shared later,
 * without `promotionId`) any the player holds a usage of. The ref (promotion:fingerprint) names the
 * ring, so that staff decide it once for all its pairs.
 */
export const bonusRingSources = (agencyId: string, playerId: string, promotionId?: string): PairSource[] => [
  {
    kind: 'bonus_ring',
    others: sql`SELECT other.player_id, u.promotion_id::text || ':' || mine.hash AS ref FROM player_fingerprints mine
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
  },
];

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
