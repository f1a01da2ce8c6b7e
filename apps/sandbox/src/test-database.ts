import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { SandboxConfig } from './config.js';
import { createSchema, dumpEmptyCluster, openSandboxDb, startMemoryDatabasesFrom, type SandboxDb } from './db.js';

/**
 * Where one test file keeps the sandbox's state: in-memory PGlite by default, or a fresh database on
 * the server named by TEST_DATABASE_URL (CI runs the suite both ways), dropped by `drop`.
 */
export interface TestStorage {
  /** the configuration entries that put a sandbox's state there */
  config: Pick<SandboxConfig, 'SANDBOX_DATA_DIR' | 'SANDBOX_DATABASE_URL'>;
  /** drops the fresh database (nothing to do in memory); call it after what used it has closed */
  drop(): Promise<void>;
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A fresh database on the PostgreSQL server at `serverUrl` (any database of it, for the admin connection). */
export async function createPostgresStorage(serverUrl: string): Promise<TestStorage> {
  const name = `sandbox_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { SANDBOX_DATA_DIR: 'memory://', SANDBOX_DATABASE_URL: url.toString() },
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export async function createTestStorage(): Promise<TestStorage> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresStorage(serverUrl);
  return { config: { SANDBOX_DATA_DIR: 'memory://', SANDBOX_DATABASE_URL: undefined }, drop: async () => {} };
}

/** A database on `storage` with `schema` created; closing it also drops the storage. */
export async function openTestDb(storage: TestStorage, schema: string): Promise<SandboxDb> {
  const db = await openSandboxDb(storage.config.SANDBOX_DATABASE_URL ?? storage.config.SANDBOX_DATA_DIR);
  await createSchema(db, schema);
  return {
    query: (text, params, name) => db.query(text, params, name),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    async close() {
      await db.close();
      await storage.drop();
    },
  };
}

/**
 * One part of the sandbox (the provider or the bank plugin) alone in an app, on fresh test storage
 * that closing the app drops.
 */
export async function startPart<O extends { config: SandboxConfig }>(
  part: (app: FastifyInstance, opts: O) => Promise<void>,
  opts: O & { prefix?: string },
): Promise<FastifyInstance> {
  const storage = await createTestStorage();
  const app = Fastify({ logger: false });
  // added before the part: the root's hooks added first run after the part's own (its pool closed)
  app.addHook('onClose', () => storage.drop());
  await app.register(part, { ...opts, config: { ...opts.config, ...storage.config } });
  await app.ready();
  return app;
}

// the folder whose cluster this process reads (once: a later sandbox of the process keeps it)
let clusterDir: string | undefined;

/**
 * The in-memory databases of every sandbox this process starts begin from one empty cluster kept in
 * `dir` (made by the first process that needs it, written whole under a temporary name), not from
 * PGlite's initdb each: a sandbox started in 1.7 s instead of 5 to 8 (quiet machine).
 */
export function startMemoryDatabasesIn(dir: string): void {
  if (clusterDir === dir) return;
  clusterDir = dir;
  let blob: Promise<Blob> | undefined;
  startMemoryDatabasesFrom(() => (blob ??= emptyClusterIn(dir)));
}

async function emptyClusterIn(dir: string): Promise<Blob> {
  const file = join(dir, 'sandbox-empty.tar');
  if (!existsSync(file)) {
    const mine = `${file}.${process.pid}`;
    writeFileSync(mine, Buffer.from(await (await dumpEmptyCluster()).arrayBuffer()));
    renameSync(mine, file);
  }
  return new Blob([readFileSync(file)]);
}
