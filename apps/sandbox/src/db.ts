import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import pg from 'pg';

/** What a store may run: a query with `$n` parameters, or a script of several statements. */
export interface SandboxQueries {
  /**
   * `name`, for a statement of a hot path: on PostgreSQL a named prepared statement, parsed and
   * planned once per connection instead of at every call (one name, one text: a constant); PGlite
   * runs it as any other query.
   */
  query<T>(text: string, params?: unknown[], name?: string): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * One of the sandbox's databases, on either driver: PGlite through `pgliteDb`, a `pg.Pool` through
 * `postgresDb` below. The stores use this type only, so one SQL serves both
 * (docs/decisions/022-sandbox-on-postgresql.md).
 */
export interface SandboxDb extends SandboxQueries {
  /** `fn` in one transaction: committed when it resolves, rolled back when it throws */
  transaction<T>(fn: (tx: SandboxQueries) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** told when an idle pooled PostgreSQL connection fails (the pool replaces it) */
  onIdleError?: (err: Error) => void;
}

const isUrl = (location: string) => /^postgres(ql)?:\/\//.test(location);

/**
 * Opens one of the sandbox's databases: a PostgreSQL server when `location` is a `postgres://` URL,
 * else an embedded PGlite database in the directory `location` (in memory when it starts with
 * `memory://`). Tables are created by the caller with `createSchema`.
 */
export async function openSandboxDb(location: string, opts: OpenOptions = {}): Promise<SandboxDb> {
  if (isUrl(location)) return postgresDb(location, opts);
  if (location.startsWith('memory://') && emptyCluster) return pgliteDb(await PGlite.create({ loadDataDir: await emptyCluster() }));
  if (!location.startsWith('memory://')) mkdirSync(location, { recursive: true });
  return pgliteDb(await PGlite.create(location));
}

let emptyCluster: (() => Promise<Blob>) | undefined;

/**
 * For tests, which start two in-memory databases per sandbox: each starts from `template`, PGlite's
 * data directory of an empty database dumped once (`test-database.ts`), instead of running initdb,
 * which takes seconds where loading a copy takes under one. The parts create their tables on it as
 * on any empty database.
 */
export function startMemoryDatabasesFrom(template: () => Promise<Blob>): void {
  emptyCluster = template;
}

/** An empty in-memory database's data directory, to start others from (`startMemoryDatabasesFrom`). */
export async function dumpEmptyCluster(): Promise<Blob> {
  const db = await PGlite.create('memory://');
  try {
    return await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
}

/** PGlite's own calls; a statement's name means nothing to it (one connection, no protocol). */
function pgliteDb(db: PGlite): SandboxDb {
  const on = (q: Pick<PGlite, 'query' | 'exec'>): SandboxQueries => ({
    query: <T>(text: string, params?: unknown[]) => q.query<T>(text, params),
    exec: (sql: string) => q.exec(sql),
  });
  return {
    ...on(db),
    transaction: (fn) => db.transaction((tx) => fn(on(tx))),
    close: () => db.close(),
  };
}

/**
 * Where a part of the sandbox (`provider`, `bank`) keeps its state: SANDBOX_DATABASE_URL when set
 * (the parts share that database, their names do not clash), else `${SANDBOX_DATA_DIR}/<part>`,
 * staying in memory when the data dir itself is `memory://`.
 */
export function sandboxDbLocation(config: { SANDBOX_DATA_DIR: string; SANDBOX_DATABASE_URL?: string | undefined }, part: string): string {
  if (config.SANDBOX_DATABASE_URL) return config.SANDBOX_DATABASE_URL;
  const dataDir = config.SANDBOX_DATA_DIR;
  return dataDir.startsWith('memory://') ? 'memory://' : join(dataDir, part);
}

/**
 * Runs a part's schema script (`CREATE … IF NOT EXISTS`, `CREATE OR REPLACE FUNCTION`) holding a
 * transaction-scoped advisory lock: two parts or two processes starting at once on one PostgreSQL
 * database would otherwise race on the catalogue (a unique violation on pg_type or pg_proc).
 */
export async function createSchema(db: SandboxDb, sql: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('sandbox:schema'))");
    await tx.exec(sql);
  });
}

/**
 * Rows come back as PGlite would give them: every column is parsed by PGlite's own parser for its
 * type (int8 as a number, or a bigint past 2^53; timestamps and dates as Date; json as objects;
 * numeric and types PGlite has no parser for as text), not by node-postgres's defaults, which differ
 * (int8 as text, a date at local midnight, bytea as a Buffer). Set on this pool only, never globally.
 */
const parsers = new Map<number, (value: string) => unknown>();
function parserOf(oid: number): (value: string) => unknown {
  let parse = parsers.get(oid);
  if (!parse) parsers.set(oid, (parse = (value: string) => types.parseType(value, oid)));
  return parse;
}
// node-postgres asks for each column's parser at every query: one function per type, made once
const pgliteTypes: pg.CustomTypesConfig = { getTypeParser: parserOf as pg.CustomTypesConfig['getTypeParser'] };

/** A pool's adapter: the same calls as PGlite's, the same JS types in the rows. */
function postgresDb(url: string, opts: OpenOptions): SandboxDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgliteTypes,
    // connections kept open while idle: no idle timer set and cleared around every query
    idleTimeoutMillis: 0,
    // the sandbox stands in for the bank and the providers: a crash of the PostgreSQL server may
    // lose its last fraction of a second of state, which a tester recreates; it does not wait for
    // the WAL to reach the disk at each call (docs/decisions/022-sandbox-on-postgresql.md)
    options: '-c synchronous_commit=off',
  });
  // an idle client whose connection ends (server restart, DROP DATABASE … WITH (FORCE)) emits 'error'
  // on the pool; unhandled, that would end the process. The pool replaces the client.
  pool.on('error', (err) => opts.onIdleError?.(err));
  const on = (c: pg.Pool | pg.PoolClient): SandboxQueries => ({
    query: async <T>(text: string, params?: unknown[], name?: string) => ({
      rows: (await (name === undefined ? c.query(text, params) : c.query({ name, text, values: params }))).rows as T[],
    }),
    // no parameters: node-postgres sends the simple protocol, which takes several statements
    exec: (sql: string) => c.query(sql),
  });
  return {
    ...on(pool),
    async transaction<T>(fn: (tx: SandboxQueries) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(on(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (err) {
        // a client whose ROLLBACK fails is broken: destroy it rather than hand it out again
        const broken = await client.query('ROLLBACK').then(
          () => undefined,
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        );
        client.release(broken);
        throw err;
      }
    },
    close: () => pool.end(),
  };
}
