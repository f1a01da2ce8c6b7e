import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedDemo, seedReference } from '../db/seed.js';
import { testConfig } from './config.js';

export interface TestDatabase extends Database {
  agencyId: string;
  /** the URL of the fresh PostgreSQL database, when running against a server */
  url: string | undefined;
}

const quiet = { info: () => {}, warn: () => {} };

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (CI runs the suite there, and the database layer's
 * tests on both: decision 201). Under Vitest it is a copy of one template migrated and seeded once per
 * run (`test/global-setup.ts`): every file migrating its own database from empty was most of a test
 * file's start.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { database, url, drop } = await openSeededDatabase(20);
  // the template's demo agency, found again (seedDemo only reads when it exists)
  const agencyId = await seedDemo(database.db, testConfig(), quiet);
  return {
    ...database,
    agencyId,
    url,
    async close() {
      await database.close();
      await drop();
    },
  };
}

async function seed(database: Database) {
  await migrate(database);
  await seedReference(database.db);
  await seedDemo(database.db, testConfig(), quiet);
}

declare module 'vitest' {
  interface ProvidedContext {
    /** where this run keeps its seeded templates: a folder for PGlite's, a database name on the server */
    databaseTemplates: { dir: string; postgres: string };
  }
}

export async function templatesOfRun(): Promise<ProvidedTemplates | null> {
  try {
    const { inject } = await import('vitest');
    return inject('databaseTemplates') ?? null;
  } catch {
    return null; // outside a Vitest run (the soak): no template, every database migrated from empty
  }
}
type ProvidedTemplates = { dir: string; postgres: string };

async function openSeededDatabase(poolSize: number): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  const templates = await templatesOfRun();
  if (!templates) {
    const empty = await openEmptyDatabase(poolSize);
    await seed(empty.database);
    return empty;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(templates.dir) });
    return { database, url: undefined, drop: async () => {} };
  }
  await ensurePostgresTemplate(serverUrl, templates.postgres);
  const fresh = await createPostgresDatabase(serverUrl, templates.postgres);
  return { database: await openDatabase({ url: fresh.url, poolSize }), url: fresh.url, drop: fresh.drop };
}

/** PGlite's data directory after migrating and seeding, made by the first worker that needs it. */
async function pgliteTemplate(dir: string): Promise<Blob> {
  const file = join(dir, 'pglite.tar');
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await seed(database);
    const tar = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    await database.close();
    // two workers may both make it: each writes its own file and renames it into place whole
    const mine = `${file}.${process.pid}`;
    writeFileSync(mine, tar);
    renameSync(mine, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * The run's template database on the server, made once under an advisory lock: built under another
 * name and renamed when seeded, so a failed build never leaves a half-made template to copy.
 */
async function ensurePostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_b`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const u = new URL(serverUrl);
    u.pathname = `/${building}`;
    const database = await openDatabase({ url: u.toString(), poolSize: 2 });
    try {
      await seed(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}

/**
 * A new, empty database on the engine the suite runs on: in-memory PGlite, or a fresh database on the
 * server named by TEST_DATABASE_URL (its `url`, and `drop` to remove it after `close`).
 */
export async function openEmptyDatabase(poolSize: number): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ dataDir: 'memory://' }), url: undefined, drop: async () => {} };
  const fresh = await createPostgresDatabase(serverUrl);
  return { database: await openDatabase({ url: fresh.url, poolSize }), url: fresh.url, drop: fresh.drop };
}

/** A new database on the PostgreSQL server of `serverUrl`, empty or a copy of `template`: its URL, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
