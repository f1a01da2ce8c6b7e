import { sql } from 'drizzle-orm';
import type { PlayerReportQuery, PlayerReportResponse, PlayerReportRow, ProviderReportResponse, ProviderReportRow } from '@app/contracts';
import { REPORT_MAX_DAYS } from '@app/contracts';
import { queryRows, type Db } from '../../../db/client.js';
import { vientianeDay } from '../../shared/business-day.js';
import { businessDayRange, type BusinessDayRange } from '../../shared/business-day-range.js';
import { keysetOrder } from '../../shared/keyset.js';
import { FIGURE_COLUMNS, ZERO, addFigures, figuresCte, minorOf, toWire, type FigureRow } from './reports.figures.js';

/** `%`, `_` and `\` typed by staff are searched as themselves, not as LIKE's wildcards. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A report's range: Vientiane business days, both included, 1 to REPORT_MAX_DAYS; without `from` or
 * `to`, this month from its first day up to today.
 */
export function reportRange(query: { from?: string | undefined; to?: string | undefined }, now = new Date()): BusinessDayRange {
  const today = vientianeDay(now);
  return businessDayRange(query.from ?? `${today.slice(0, 8)}01`, query.to ?? today, REPORT_MAX_DAYS, 'backoffice.validation.report_range');
}

/** Per game provider: each provider with activity in the range (by its id), and the agency's total. */
export async function providerReport(db: Db, agencyId: string, range: BusinessDayRange): Promise<ProviderReportResponse> {
  const rows = await queryRows<FigureRow>(
    db,
    sql`${figuresCte('provider_id', { agencyId, start: range.start, end: range.end })}
        SELECT ${FIGURE_COLUMNS} FROM fig ORDER BY fig.k`,
  );
  const figures = rows.map((r) => ({ providerId: r.k, minor: minorOf(r) }));
  return {
    from: range.from,
    to: range.to,
    rows: figures.map((f): ProviderReportRow => ({ providerId: f.providerId, ...toWire(f.minor) })),
    total: toWire(figures.reduce((sum, f) => addFigures(sum, f.minor), ZERO)),
  };
}

interface PlayerFigureRow extends FigureRow {
  username: string;
  display_name: string;
  cursorKey: string[];
}

/**
 * Per player, by net (highest first, or lowest with `net_asc`), ties by the player's id, keyset-paged
 * (decision 058): every page sums the range anew (a net has no index), scoped to the agency and, with
 * `q`, to the players whose username starts with it (migration 0036's index).
 */
export async function playerReport(
  db: Db,
  agencyId: string,
  range: BusinessDayRange,
  query: Pick<PlayerReportQuery, 'q' | 'sort' | 'cursor' | 'limit'>,
): Promise<PlayerReportResponse> {
  const q = query.q.toLowerCase();
  const players = q
    ? sql`SELECT p.id FROM players p WHERE p.agency_id = ${agencyId} AND (p.username COLLATE "C") LIKE ${likePrefix(q)}`
    : undefined;
  const order = keysetOrder(query.sort === 'net_asc' ? 'asc' : 'desc', [
    { column: sql`fig.net`, type: 'bigint' },
    { column: sql`fig.k`, type: 'uuid' },
  ]);
  const after = order.after(query.cursor);
  const rows = await queryRows<PlayerFigureRow>(
    db,
    sql`${figuresCte('player_id', { agencyId, start: range.start, end: range.end, players })}
        SELECT ${FIGURE_COLUMNS}, p.username, p.display_name, ${order.key} AS "cursorKey"
          FROM fig JOIN players p ON p.id = fig.k AND p.agency_id = ${agencyId}
         ${after ? sql`WHERE ${after}` : sql``}
         ORDER BY ${sql.join(order.orderBy, sql`, `)} LIMIT ${query.limit + 1}`,
  );
  const page = order.page(rows, query.limit);
  return {
    from: range.from,
    to: range.to,
    items: page.items.map((r): PlayerReportRow => ({
      playerId: r.k,
      username: r.username,
      displayName: r.display_name,
      ...toWire(minorOf(r)),
    })),
    nextCursor: page.nextCursor,
  };
}
