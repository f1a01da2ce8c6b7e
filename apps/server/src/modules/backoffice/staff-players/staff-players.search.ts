import { sql, type SQL } from 'drizzle-orm';
import type { PlayerSearchQuery, PlayerSearchResponse } from '@app/contracts';
import { queryRows, type Db } from '../../../db/client.js';
import { keysetOrder, type KeysetOrder } from '../../shared/keyset.js';
import { toStaffPlayer, type PlayerRowSql } from './staff-players.view.js';

/** `%`, `_` and `\` typed by staff are searched as themselves, not as LIKE's wildcards. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Found extends PlayerRowSql {
  account_number: string | null;
  cursorKey: string[];
}

const COLUMNS = sql`p.id, p.username, p.display_name, p.status, p.promotion_blocked, p.must_change_password,
  p.created_at, p.last_login_at, b.account_number`;
const PLAYERS = sql`players p LEFT JOIN player_bank_accounts b ON b.player_id = p.id`;

// the keys in the C collation (byte order), as the indexes of migration 0036 keep them: a prefix is one
// range scan whatever the database's locale; parenthesised, so that a cast applies to the whole key
const USERNAME = sql`(p.username COLLATE "C")`;
const DISPLAY_NAME = sql`(lower(p.display_name) COLLATE "C")`;
const ACCOUNT_NUMBER = sql`(b.account_number COLLATE "C")`;
const text = (column: SQL) => ({ column, type: 'text' as const });
const uuid = (column: SQL) => ({ column, type: 'uuid' as const });

/** What one search reads: the rows it starts from, its condition and its order (migration 0036's index for each). */
function plan(agencyId: string, query: PlayerSearchQuery): { from: SQL; where: SQL; order: KeysetOrder } {
  const q = query.q;
  if (q === '') {
    const order = keysetOrder('desc', [{ column: sql`p.created_at`, type: 'timestamptz' }, uuid(sql`p.id`)]);
    return { from: PLAYERS, where: sql`TRUE`, order };
  }
  switch (query.by) {
    case 'bankAccount':
      return {
        from: sql`player_bank_accounts b JOIN players p ON p.id = b.player_id`,
        where: sql`b.agency_id = ${agencyId} AND ${ACCOUNT_NUMBER} LIKE ${likePrefix(q.replace(/[\s.-]/g, ''))}`,
        order: keysetOrder('asc', [text(ACCOUNT_NUMBER), uuid(sql`b.player_id`)]),
      };
    case 'fingerprint':
      return {
        from: PLAYERS,
        where: sql`p.id IN (SELECT f.player_id FROM player_fingerprints f WHERE f.hash = ${q})`,
        order: keysetOrder('asc', [uuid(sql`p.id`)]),
      };
    default: {
      const key = query.by === 'username' ? USERNAME : DISPLAY_NAME;
      return {
        from: PLAYERS,
        where: sql`${key} LIKE ${likePrefix(q.toLowerCase())}`,
        order: keysetOrder('asc', [text(key), uuid(sql`p.id`)]),
      };
    }
  }
}

/**
 * One search: a prefix of the username (lowercase by rule), of the display name without case or of
 * the bank account number; a fingerprint exactly; nothing typed: the newest players. Keyset-paged by
 * the searched key and the player's id (decision 058), within the staff member's agency.
 */
export async function searchPlayers(db: Db, agencyId: string, query: PlayerSearchQuery): Promise<PlayerSearchResponse> {
  const { from, where, order } = plan(agencyId, query);
  const after = order.after(query.cursor);
  const rows = await queryRows<Found>(
    db,
    sql`SELECT ${COLUMNS}, ${order.key} AS "cursorKey" FROM ${from}
        WHERE p.agency_id = ${agencyId} AND ${where} ${after ? sql`AND ${after}` : sql``}
        ORDER BY ${sql.join(order.orderBy, sql`, `)} LIMIT ${query.limit + 1}`,
  );
  const page = order.page(rows, query.limit);
  return { items: page.items.map((r) => ({ ...toStaffPlayer(r), bankAccountNumber: r.account_number })), nextCursor: page.nextCursor };
}
