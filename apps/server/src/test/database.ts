import { randomBytes } from 'node:crypto';
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

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { database, url, drop } = await openEmptyDatabase(20);
  await migrate(database);
  await seedReference(database.db);
  const agencyId = await seedDemo(database.db, testConfig(), { info: () => {}, warn: () => {} });
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

/** A new, empty database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
