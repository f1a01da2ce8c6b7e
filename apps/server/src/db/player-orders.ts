import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A table of a player's orders: scoped by agency and player, each with its time and transaction code. */
type OrderTable = PgTable & { agencyId: AnyPgColumn; playerId: AnyPgColumn; createdAt: AnyPgColumn; transactionCode: AnyPgColumn };

/**
 * The reads a player's order history makes on every visit, as statements built and
 * prepared once per service instead of on every call (building a Drizzle query cost ~0.2 ms of CPU
 * per answer): a page, newest first, with the count of all the player's orders in the same
 * statement (a window count); the count alone only when the page is past the end and has no row
 * to carry it.
 */
export function playerOrderPages<T extends OrderTable>(db: Db, table: T, name: string) {
  type Row = T['$inferSelect'];
  const owned = and(eq(table.agencyId, sql.placeholder('agencyId')), eq(table.playerId, sql.placeholder('playerId')));
  const pageQuery = db
    .select({ row: table as PgTable, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table as PgTable)
    .where(owned)
    .orderBy(desc(table.createdAt), desc(table.transactionCode))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`${name}_page`);
  const countQuery = db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table as PgTable)
    .where(owned)
    .prepare(`${name}_count`);

  return async (agencyId: string, playerId: string, page: number, pageSize: number): Promise<{ items: Row[]; total: number }> => {
    const rows = (await pageQuery.execute({ agencyId, playerId, limit: pageSize, offset: (page - 1) * pageSize })) as {
      row: Row;
      total: number;
    }[];
    if (rows.length > 0) return { items: rows.map((r) => r.row), total: rows[0]!.total };
    if (page === 1) return { items: [], total: 0 };
    const [count] = await countQuery.execute({ agencyId, playerId });
    return { items: [], total: count?.n ?? 0 };
  };
}
