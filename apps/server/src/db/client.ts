import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One Drizzle type for both engines; see docs/decisions/002-pglite-default.md. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; inside `db.transaction` always use it, never the outer `db` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script (migrations), holding a lock so that one instance migrates at a time. */
  runScript(sqlText: string): Promise<void>;
  /** Runs `fn` holding a cluster-wide lock (advisory on PostgreSQL, trivially on PGlite). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; when absent PGlite is used */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database */
  dataDir?: string;
  poolSize?: number;
  /** told when an idle pooled connection fails (logged by the app) */
  onIdleError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // an idle client whose server connection ends (restart, failover, DROP … WITH (FORCE)) emits
    // 'error' on the pool; unhandled, that would end the process. The pool replaces the client.
    pool.on('error', (err) => opts.onIdleError?.(err));
    // numeric and bigint arrive as strings; money stays exact
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
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
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async runScript(sqlText) {
      await client.exec(sqlText);
    },
    withMigrationLock: (fn) => fn(),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query, the same on both engines (their `execute` results differ in type only). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
