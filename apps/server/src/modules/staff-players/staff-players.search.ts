import { sql, type SQL } from 'drizzle-orm';
import type { PlayerSearchQuery, PlayerSearchResponse } from '@app/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../shared/keyset.js';
import { toStaffPlayer, type PlayerRowSql } from './staff-players.view.js';

/** `%`, `_` and `\` typed by staff are searched as themselves, not as LIKE's wildcards. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Found extends PlayerRowSql {
  account_number: string | null;
  /** the order key of the search, for the next cursor */
  k: string;
}

const COLUMNS = sql`p.id, p.username, p.display_name, p.status, p.promotion_blocked, p.must_change_password,
  p.created_at, p.last_login_at, b.account_number`;

/**
 * One search, one index each (migration 0036), keyset-paged by the searched key and the player's id:
 * a prefix of the username (lowercase by rule), of the display name without case, of the bank account
 * number; a fingerprint exactly; nothing: the newest players. Ranges in the C collation, whose byte
 * order the indexes keep, so that a prefix is one range scan whatever the database's locale.
 */
export async function searchPlayers(db: Db, agencyId: string, query: PlayerSearchQuery): Promise<PlayerSearchResponse> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const q = query.q;
  const take = query.limit + 1;
  let statement: SQL;
  if (q === '') {
    const keyset = after ? sql`AND (p.created_at, p.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``;
    statement = sql`SELECT ${COLUMNS}, p.created_at::text AS k
      FROM players p LEFT JOIN player_bank_accounts b ON b.player_id = p.id
      WHERE p.agency_id = ${agencyId} ${keyset}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${take}`;
  } else if (query.by === 'bankAccount') {
    const digits = q.replace(/[\s.-]/g, '');
    const keyset = after ? sql`AND (b.account_number COLLATE "C", b.player_id) > (${after[0]}, ${after[1]}::uuid)` : sql``;
    statement = sql`SELECT ${COLUMNS}, b.account_number AS k
      FROM player_bank_accounts b JOIN players p ON p.id = b.player_id
      WHERE b.agency_id = ${agencyId} AND b.account_number COLLATE "C" LIKE ${likePrefix(digits)} ${keyset}
      ORDER BY b.account_number COLLATE "C", b.player_id LIMIT ${take}`;
  } else if (query.by === 'fingerprint') {
    const keyset = after ? sql`AND p.id > ${after[1]}::uuid` : sql``;
    statement = sql`SELECT ${COLUMNS}, '' AS k
      FROM players p LEFT JOIN player_bank_accounts b ON b.player_id = p.id
      WHERE p.agency_id = ${agencyId} AND p.id IN (SELECT f.player_id FROM player_fingerprints f WHERE f.hash = ${q}) ${keyset}
      ORDER BY p.id LIMIT ${take}`;
  } else {
    const key = query.by === 'username' ? sql`p.username COLLATE "C"` : sql`lower(p.display_name) COLLATE "C"`;
    const keyset = after ? sql`AND (${key}, p.id) > (${after[0]}, ${after[1]}::uuid)` : sql``;
    statement = sql`SELECT ${COLUMNS}, ${key} AS k
      FROM players p LEFT JOIN player_bank_accounts b ON b.player_id = p.id
      WHERE p.agency_id = ${agencyId} AND ${key} LIKE ${likePrefix(q.toLowerCase())} ${keyset}
      ORDER BY ${key}, p.id LIMIT ${take}`;
  }
  const rows = await queryRows<Found>(db, statement);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ ...toStaffPlayer(r), bankAccountNumber: r.account_number })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.k, last.id]) : null,
  };
}
