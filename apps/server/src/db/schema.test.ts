/// <reference types="vite/client" />
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { queryRows } from './client.js';

/** Tables the migrator keeps for itself, with no Drizzle definition. */
const MIGRATOR_TABLES = ['schema_functions', 'schema_migrations'];

interface SqlColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  numeric_precision: number | null;
  numeric_scale: number | null;
  character_maximum_length: number | null;
}

/** information_schema's description of a column type, written as Drizzle's getSQLType() writes it */
function sqlType(c: SqlColumn): string {
  if (c.data_type === 'ARRAY') return `${c.udt_name.replace(/^_/, '')}[]`;
  if (c.data_type === 'numeric' && c.numeric_precision !== null) return `numeric(${c.numeric_precision}, ${c.numeric_scale ?? 0})`;
  if (c.data_type === 'character varying' && c.character_maximum_length !== null) return `varchar(${c.character_maximum_length})`;
  if (c.data_type === 'timestamp without time zone') return 'timestamp';
  if (c.data_type === 'USER-DEFINED') return c.udt_name;
  return c.data_type;
}

// every file of db/schema, not its index: a table's file needs no index line to be checked here
const schemaFiles = import.meta.glob<Record<string, unknown>>('./schema/*.ts', { eager: true });
const drizzleTables = [...new Set(Object.values(schemaFiles).flatMap((file) => Object.values(file)))]
  .filter((t): t is PgTable => is(t, PgTable))
  .map((t) => getTableConfig(t));

let database: TestDatabase;
let columns: SqlColumn[];
beforeAll(async () => {
  database = await createTestDatabase();
  columns = await queryRows<SqlColumn>(
    database.db,
    sql`SELECT table_name, column_name, data_type, udt_name, is_nullable, numeric_precision, numeric_scale, character_maximum_length
          FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
});
afterAll(() => database.close());

describe('the SQL tables and the Drizzle schema agree', () => {
  it('every table of the migrations has a Drizzle table, and every Drizzle table a SQL one', () => {
    const inSql = [...new Set(columns.map((c) => c.table_name))].filter((t) => !MIGRATOR_TABLES.includes(t)).sort();
    expect(drizzleTables.map((t) => t.name).sort()).toEqual(inSql);
  });

  it.each(drizzleTables.map((t) => [t.name, t] as const))('%s: the same columns, types and nullability', (name, table) => {
    const described = (cols: { name: string; type: string; notNull: boolean }[]) =>
      cols.map((c) => `${c.name} ${c.type}${c.notNull ? ' NOT NULL' : ''}`).sort();
    const fromSql = columns
      .filter((c) => c.table_name === name)
      .map((c) => ({ name: c.column_name, type: sqlType(c), notNull: c.is_nullable === 'NO' }));
    const fromDrizzle = table.columns.map((c) => ({ name: c.name, type: c.getSQLType(), notNull: c.notNull }));
    expect(described(fromDrizzle)).toEqual(described(fromSql));
  });
});
