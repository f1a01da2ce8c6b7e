import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { jobs } from './schema/index.js';
import { builtOnce, queryRowsPrepared, statementOnce, tableRows, textArray, uuidArray } from './client.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('named prepared statements', () => {
  it('answers the rows of each run with its own values, inside and outside a transaction', async () => {
    const run = (db: Parameters<typeof queryRowsPrepared>[0], ids: string[]) =>
      queryRowsPrepared<{ n: number; first: string | null }>(
        db,
        'test_prepared_count',
        sql`SELECT cardinality(${uuidArray(ids)}::uuid[]) AS n, (${uuidArray(ids)}::uuid[])[1]::text AS first`,
      );
    const a = '6f1c2a9e-0d3b-4c55-9a61-1f2e3d4c5b6a';
    const b = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    // more runs than PostgreSQL's five custom plans: the generic plan must answer the same
    for (let i = 0; i < 7; i++) expect(await run(database.db, i % 2 ? [a, b] : [b])).toEqual([{ n: i % 2 ? 2 : 1, first: i % 2 ? a : b }]);
    expect(await database.db.transaction((tx) => run(tx, []))).toEqual([{ n: 0, first: null }]);
  });

  it('refuses another text under a name already used, before the database would', async () => {
    await queryRowsPrepared(database.db, 'test_prepared_once', sql`SELECT 1 AS one`);
    await expect(queryRowsPrepared(database.db, 'test_prepared_once', sql`SELECT 2 AS two`)).rejects.toThrow(/text changed/);
  });

  it('takes only uuids into a uuid list', () => {
    expect(uuidArray(['6F1C2A9E-0D3B-4C55-9A61-1F2E3D4C5B6A'])).toBe('{6F1C2A9E-0D3B-4C55-9A61-1F2E3D4C5B6A}');
    expect(() => uuidArray(['x}, {y'])).toThrow(/not a uuid/);
  });

  it('passes any strings through a text list unchanged', async () => {
    const values = ['D0000000001-ABC', 'a "quoted", {braced} one', 'back\\slash\\', '', 'NULL', 'ລາວ'];
    const rows = await queryRowsPrepared<{ v: string[] }>(database.db, 'test_text_array', sql`SELECT ${textArray(values)}::text[] AS v`);
    expect(rows[0]!.v).toEqual(values);
  });
});

describe('statements built once', () => {
  it('builds the text once and binds each call its values, on the pool and on the connection of a transaction', async () => {
    const key = `test-built-once-${Date.now()}`;
    const dialect = (database.db as unknown as { dialect: { sqlToQuery: (...a: unknown[]) => unknown } }).dialect;
    const original = dialect.sqlToQuery;
    let built = 0;
    dialect.sqlToQuery = (...a: unknown[]) => (built++, original.apply(dialect, a));
    try {
      const count = statementOnce<{ n: number }>(
        'test_built_once_count',
        sql`SELECT count(*)::int AS n FROM jobs WHERE unique_key = ANY (${sql.placeholder('keys')}::text[])`,
      );
      const pending = builtOnce((db) =>
        db
          .select({ key: jobs.uniqueKey })
          .from(jobs)
          .where(sql`${jobs.uniqueKey} = ${sql.placeholder('key')}`)
          .prepare('test_built_once_select'),
      );
      expect(await count(database.db, { keys: textArray([key]) })).toEqual([{ n: 0 }]);
      await database.db
        .transaction(async (tx) => {
          await tx.insert(jobs).values({ type: 'test', payload: {}, uniqueKey: key });
          // the row not yet committed: only the transaction's own connection sees it
          expect(await count(tx, { keys: textArray([key, 'other']) })).toEqual([{ n: 1 }]);
          expect(await pending(tx).execute({ key })).toEqual([{ key }]);
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
        });
      // built on their first calls only: more runs (beyond PostgreSQL's five custom plans) build nothing
      const builtBefore = built;
      for (let i = 0; i < 7; i++) {
        expect(await pending(database.db).execute({ key: i % 2 ? key : 'none' })).toEqual([]);
        expect(await count(database.db, { keys: textArray(i % 2 ? [key] : []) })).toEqual([{ n: 0 }]);
      }
      expect(built).toBe(builtBefore);
    } finally {
      dialect.sqlToQuery = original;
    }
  });
});

describe('tableRows', () => {
  it("types a raw statement's rows as Drizzle's own select of them would", async () => {
    const key = `test-table-rows-${Date.now()}`;
    const raw = await queryRowsPrepared<Record<string, unknown>>(
      database.db,
      'test_table_rows',
      sql`INSERT INTO jobs (type, payload, unique_key, run_at, attempts) VALUES ('test', '{"a": [1, "b"]}'::jsonb, ${key}, '2026-01-02T03:04:05.678Z', 3) RETURNING *`,
    );
    const [typed] = tableRows(jobs, raw);
    const [selected] = await database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.uniqueKey} = ${key}`);
    expect(typed).toEqual(selected);
    expect(typed).toMatchObject({ type: 'test', payload: { a: [1, 'b'] }, uniqueKey: key, attempts: 3, doneAt: null, lastError: null });
    expect(typed!.runAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(typeof typed!.id).toBe('number');
  });

  it("refuses a row that lacks one of the table's columns", () => {
    expect(() => tableRows(jobs, [{ id: '1', type: 'x' }])).toThrow(/payload: not in the row/);
  });
});
