import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

/**
 * One page of a list (1-based `page`) and the size of the whole list, read at once: `rows` reads the
 * page with the limit and offset it is given; the count is of `table` under the same `where`.
 */
export async function readPage<T>(
  db: Db,
  list: { table: PgTable; where: SQL | undefined; page: number; pageSize: number },
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ items: T[]; total: number }> {
  const [items, [total]] = await Promise.all([
    rows(list.pageSize, (list.page - 1) * list.pageSize),
    db.select({ n: count() }).from(list.table).where(list.where),
  ]);
  return { items, total: total?.n ?? 0 };
}
