import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { openEmptyDatabase } from '../../test/database.js';
import { AppError } from '../../errors.js';
import { byCreatedAt, decodeCursor, encodeCursor, keysetOrder } from './keyset.js';

const rowsTable = pgTable('keyset_rows', {
  id: uuid('id').primaryKey(),
  grp: text('grp').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

let database: Database;
let drop = async () => {};
beforeAll(async () => {
  ({ database, drop } = await openEmptyDatabase(2));
  await database.db.execute(
    sql`CREATE TABLE keyset_rows (id uuid PRIMARY KEY, grp text NOT NULL, name text NOT NULL, created_at timestamptz NOT NULL)`,
  );
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** a time of a few distinct values, some within one millisecond, so that ties and sub-millisecond order both occur */
const micros = fc.constantFrom(0, 1, 999, 1_000, 1_001, 5_000_000).map((m) => {
  const base = Date.UTC(2026, 0, 1);
  const ms = base + Math.floor(m / 1000);
  return { m, text: new Date(ms).toISOString().replace('Z', `${String(m % 1000).padStart(3, '0')}Z`) };
});
const row = fc.record({ id: fc.uuid({ version: 4 }), at: micros, name: fc.constantFrom('a', 'ab', 'b', 'ສ', 'Z') });

async function pageThrough(grp: string, direction: 'asc' | 'desc', limit: number, byName: boolean) {
  const order = byName
    ? keysetOrder(direction, [
        { column: rowsTable.name, type: 'text' },
        { column: rowsTable.id, type: 'uuid' },
      ])
    : byCreatedAt(direction, rowsTable);
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const rows = await database.db
      .select({ id: rowsTable.id, cursorKey: order.key })
      .from(rowsTable)
      .where(and(eq(rowsTable.grp, grp), order.after(cursor)))
      .orderBy(...order.orderBy)
      .limit(limit + 1);
    const page = order.page(rows, limit);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((r) => r.id));
    if (page.nextCursor === null) return seen;
    // a page that says there is more is full
    expect(page.items).toHaveLength(limit);
    cursor = page.nextCursor;
  }
  throw new Error('paging did not end');
}

describe('keyset paging', () => {
  it('pages through any rows with any limit: every row once, in order, ties on the first part broken by id', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.boolean(),
        async (rows, limit, direction, byName) => {
          const grp = `g${n++}`;
          if (rows.length > 0)
            await database.db
              .insert(rowsTable)
              .values(rows.map((r) => ({ id: r.id, grp, name: r.name, createdAt: sql`${r.at.text}::timestamptz` as unknown as Date })));
          // noise in another group: the scope's WHERE is kept with the cursor's condition
          await database.db.insert(rowsTable).values({ id: crypto.randomUUID(), grp: `${grp}x`, name: 'a', createdAt: new Date() });
          const sign = direction === 'asc' ? 1 : -1;
          const expected = [...rows]
            .sort((a, b) => {
              const first = byName ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.at.m - b.at.m;
              return sign * (first !== 0 ? first : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
            })
            .map((r) => r.id);
          // text order as the database collates it: compare with its own ORDER BY for names
          const wanted = byName
            ? (
                await database.db
                  .select({ id: rowsTable.id })
                  .from(rowsTable)
                  .where(eq(rowsTable.grp, grp))
                  .orderBy(
                    ...keysetOrder(direction, [
                      { column: rowsTable.name, type: 'text' },
                      { column: rowsTable.id, type: 'uuid' },
                    ]).orderBy,
                  )
              ).map((r) => r.id)
            : expected;
          expect(await pageThrough(grp, direction, limit, byName)).toEqual(wanted);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses any tampered cursor with VALIDATION_FAILED, never a query error', async () => {
    const parts = [
      { column: rowsTable.createdAt, type: 'timestamptz' as const },
      { column: rowsTable.id, type: 'uuid' as const },
    ];
    const tampered = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => encodeCursor([JSON.stringify(v)])),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
      fc.tuple(fc.string(), fc.string()).map((k) => encodeCursor(k)),
      fc.string().map((s) => encodeCursor(['2026-01-01T00:00:00.000000Z', s])),
    );
    await fc.assert(
      fc.asyncProperty(tampered, async (cursor) => {
        let key: string[];
        try {
          key = decodeCursor(cursor, parts);
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).code).toBe('VALIDATION_FAILED');
          return;
        }
        // the rare string that is a valid key: the database takes it
        const order = byCreatedAt('asc', rowsTable);
        await database.db
          .select({ id: rowsTable.id })
          .from(rowsTable)
          .where(order.after(encodeCursor(key)))
          .limit(1);
      }),
      { numRuns: 300 },
    );
    for (const bad of ['', '!!!', encodeCursor(['2026-01-01T00:00:00Z', crypto.randomUUID()]), encodeCursor(['x'])])
      expect(() => decodeCursor(bad, parts)).toThrow('cursor is not valid');
    const text = [{ column: rowsTable.name, type: 'text' as const }];
    expect(() => decodeCursor(encodeCursor(['a\u0000b']), text)).toThrow('cursor is not valid');
  });
});
