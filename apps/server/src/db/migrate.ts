import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url));

export interface MigrateDirs {
  /** numbered migrations, `NNNN_name.sql`, each applied once */
  migrations?: string;
  /** SQL functions (and the triggers that call them), `name.sql`, applied whenever their text changes */
  functions?: string;
}

export interface Migrated {
  /** the migrations applied by this call, in order */
  migrations: string[];
  /** the function files (re)applied by this call: new, or changed since they were last applied */
  functions: string[];
}

function sqlFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort();
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

interface Plan extends Migrated {
  /** the SQL that applies them, with their bookkeeping; empty when nothing is pending */
  script: string[];
}

/** What `migrate` would apply to this database now: the migrations not applied, the function files changed. */
async function plan(database: Database, dirs: MigrateDirs): Promise<Plan> {
  const migrationsDir = dirs.migrations ?? MIGRATIONS_DIR;
  const functionsDir = dirs.functions ?? FUNCTIONS_DIR;
  const [tables] = await queryRows<{ migrations: boolean; functions: boolean }>(
    database.db,
    sql`SELECT to_regclass('schema_migrations') IS NOT NULL AS migrations, to_regclass('schema_functions') IS NOT NULL AS functions`,
  );
  const applied = new Set(
    tables?.migrations ? (await queryRows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name) : [],
  );
  const hashes = new Map(
    tables?.functions
      ? (await queryRows<{ name: string; sha256: string }>(database.db, sql`SELECT name, sha256 FROM schema_functions`)).map((r) => [
          r.name,
          r.sha256,
        ])
      : [],
  );
  const pending: Plan = { migrations: [], functions: [], script: [] };
  for (const file of sqlFiles(migrationsDir, /^\d{4}_[a-z0-9_]+\.sql$/)) {
    if (applied.has(file)) continue;
    pending.script.push(readFileSync(migrationsDir + file, 'utf8'), `;INSERT INTO schema_migrations (name) VALUES (${quote(file)});`);
    pending.migrations.push(file);
  }
  for (const file of sqlFiles(functionsDir, /^[a-z0-9_]+\.sql$/)) {
    const body = readFileSync(functionsDir + file, 'utf8');
    const sha256 = createHash('sha256').update(body).digest('hex');
    if (hashes.get(file) === sha256) continue;
    pending.script.push(
      body,
      `;INSERT INTO schema_functions (name, sha256) VALUES (${quote(file)}, ${quote(sha256)})
        ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = now();`,
    );
    pending.functions.push(file);
  }
  return pending;
}

/**
 * The migrations and function files this code has and the database has not applied yet (read
 * without the lock, without changing anything): production refuses to start while any is pending
 * (docs/decisions/101-migrations-expand-then-contract.md), `/readyz` reports them, `ops migrate` lists them.
 */
export async function pendingMigrations(database: Database, dirs: MigrateDirs = {}): Promise<Migrated> {
  const { migrations, functions } = await plan(database, dirs);
  return { migrations, functions };
}

/**
 * Brings the database up to date, holding the migration lock (docs/decisions/005-sql-migrations.md):
 * the committed migrations not applied yet, in name order, then every function file whose text
 * differs from the one last applied (a sha256 per file in `schema_functions`), all in one
 * transaction: a failure anywhere leaves the database as it was. Function files come after the
 * migrations so that they may use what the migrations create, and so that a migration can drop a
 * function whose signature changes before its file creates the new one.
 */
export async function migrate(database: Database, dirs: MigrateDirs = {}): Promise<Migrated> {
  return database.withMigrationLock(async () => {
    await database.runScript(
      `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
       CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());`,
    );
    // planned under the lock: another instance may have applied some while this one waited
    const { script, ...done } = await plan(database, dirs);
    if (script.length === 0) return done;
    try {
      await database.runScript(`BEGIN;\n${script.join('\n')}\nCOMMIT;`);
    } catch (err) {
      // a script that failed mid-way leaves its connection in the aborted transaction
      await database.runScript('ROLLBACK').catch(() => {});
      throw err;
    }
    return done;
  });
}
