import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { listenPglite, listenPostgres, type ListenHandlers, type Listening } from './listen.js';

/**
 * One Drizzle type for both engines (docs/decisions/002-pglite-default.md). No schema is handed to
 * Drizzle: queries name their tables (`db.select().from(table)`), never `db.query.<table>`, so a new
 * table's file (db/schema/<area>.ts) is imported where it is used and needs no line elsewhere (decision 152).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; inside `db.transaction` always use it, never the outer `db` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script (migrations), holding a lock so that one instance migrates at a time. */
  runScript(sqlText: string): Promise<void>;
  /** Runs `fn` holding a cluster-wide lock (advisory on PostgreSQL, trivially on PGlite). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Listens to a notification channel (LISTEN/NOTIFY); closed by its caller, before `close`. */
  listen(channel: string, handlers: ListenHandlers): Listening;
  /** the connection pool as the driver tells it (PostgreSQL only; PGlite has one connection) */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: a copy of the whole data directory, which `loadDataDir` opens again */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; when absent PGlite is used */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database */
  dataDir?: string;
  /** PGlite only: start from this copy of a data directory (`dumpDataDir`) instead of an empty one */
  loadDataDir?: Blob;
  poolSize?: number;
  /** told when an idle pooled connection fails (logged by the app) */
  onIdleError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const url = opts.url;
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // an idle client whose server connection ends (restart, failover, DROP … WITH (FORCE)) emits
    // 'error' on the pool; unhandled, that would end the process. The pool replaces the client.
    pool.on('error', (err) => opts.onIdleError?.(err));
    // a client checked out (in a transaction, between statements) when its connection is ended
    // (pg_terminate_backend, a failover) emits 'error' on itself, where the pool does not listen:
    // unhandled, that ended the process (found by the soak, decision 061). Its query fails, the
    // pool drops it on release.
    pool.on('connect', (client) => client.on('error', (err) => opts.onIdleError?.(err)));
    // numeric and bigint arrive as strings; money stays exact
    const db = drizzlePg({ client: pool }) as unknown as Db;
    let lockClient: pg.PoolClient | null = null;
    return {
      kind: 'postgres',
      db,
      async runScript(sqlText) {
        const c = lockClient ?? (await pool.connect());
        try {
          await c.query(sqlText);
        } finally {
          if (!lockClient) c.release();
        }
      },
      async withMigrationLock(fn) {
        lockClient = await pool.connect();
        try {
          await lockClient.query("SELECT pg_advisory_lock(hashtext('laocredit:migrations'))");
          return await fn();
        } finally {
          await lockClient.query("SELECT pg_advisory_unlock(hashtext('laocredit:migrations'))").catch(() => {});
          lockClient.release();
          lockClient = null;
        }
      },
      listen: (channel, handlers) => listenPostgres(url, channel, handlers),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async runScript(sqlText) {
      await client.exec(sqlText);
    },
    withMigrationLock: (fn) => fn(),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query, the same on both engines (their `execute` results differ in type only). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const preparedTexts = new Map<string, string>();
type Preparing = {
  session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string } };
};

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses it once per connection and, after a
 * few runs, keeps one generic plan instead of planning it again on every call (a settlement's
 * statements spent ~1 ms of planning per group: docs/decisions/021-settlement-in-groups.md). Only
 * for a statement whose text never changes: a list goes in as one parameter (JSON, or `uuidArray`).
 * The same name with another text throws, before PostgreSQL would refuse it.
 */
export async function queryRowsPrepared<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  const d = db as unknown as Preparing;
  const built = d.dialect.sqlToQuery(query);
  const known = preparedTexts.get(name);
  if (known === undefined) preparedTexts.set(name, built.sql);
  else if (known !== built.sql) throw new Error(`prepared statement ${name}: its text changed`);
  const res = (await d.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}

type Executable = { execute(values?: Record<string, unknown>): Promise<unknown> };
type Sessioned = { session: { client: unknown; constructor: object } };

/**
 * A statement built once (docs/decisions/187-hot-statements-built-once.md): `build` makes it the first
 * time (a Drizzle builder's `.prepare(name)`, or `statementOnce` for raw SQL) with `sql.placeholder`s for
 * what changes per call; every call then only binds the values, on the handle it is given — the pool
 * (`db`) or the connection of a transaction (`tx`) — instead of building the SQL text again. One built
 * statement per engine's session class (PGlite and PostgreSQL prepare differently).
 */
export function builtOnce<P extends Executable>(build: (db: Db | Tx) => P): (db: Db | Tx) => P {
  const built = new Map<object, P>();
  return (db) => {
    const session = (db as unknown as Sessioned).session;
    let base = built.get(session.constructor);
    if (base === undefined) built.set(session.constructor, (base = build(db)));
    // the same statement, run on this handle's connection (a transaction's, or the pool)
    const bound = Object.create(base) as P & { client: unknown };
    bound.client = session.client;
    return bound;
  };
}

/**
 * `queryRowsPrepared` built once: `query` with `sql.placeholder('x')` where values change; each call
 * binds `values` and runs the named statement on `db` or in `tx`.
 */
export function statementOnce<T>(name: string, query: SQL): (db: Db | Tx, values?: Record<string, unknown>) => Promise<T[]> {
  const prepared = builtOnce((db) => {
    const d = db as unknown as Preparing;
    const built = d.dialect.sqlToQuery(query);
    const known = preparedTexts.get(name);
    if (known === undefined) preparedTexts.set(name, built.sql);
    else if (known !== built.sql) throw new Error(`prepared statement ${name}: its text changed`);
    return d.session.prepareQuery(built, undefined, name, false);
  });
  return async (db, values) => ((await prepared(db).execute(values)) as { rows: T[] }).rows;
}

/**
 * Rows a raw statement answered for `table` (`RETURNING *`, `SELECT t.*`: columns by their database
 * names, values as the driver gave them to Drizzle) as the table's typed rows, each value through
 * its column's own mapping (bigint, Date…), as a Drizzle query would have answered them.
 */
export function tableRows<T extends PgTable>(table: T, raw: readonly Record<string, unknown>[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return raw.map((row) => {
    const typed: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      if (value === undefined) throw new Error(`${column.name}: not in the row`);
      typed[key] = value === null ? null : column.mapFromDriverValue(value);
    }
    return typed as T['$inferSelect'];
  });
}

/** A `json` value a raw statement answered: parsed by the driver, or its text where the driver leaves it text. */
export function jsonValue<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A list of uuids as one parameter (`= ANY (${uuidArray(ids)}::uuid[])`), so the statement's text does not depend on its length. */
export function uuidArray(ids: Iterable<string>): string {
  const list = [...ids];
  for (const id of list) if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return `{${list.join(',')}}`;
}

/** A list of strings as one parameter (`= ANY (${textArray(list)}::text[])`): each element quoted, `"` and `\` escaped. */
export function textArray(values: Iterable<string>): string {
  return `{${[...values].map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
