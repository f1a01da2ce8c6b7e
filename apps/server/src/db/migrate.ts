import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the committed SQL migrations in name order, each once, each in its own transaction.
 * See docs/decisions/005-sql-migrations.md for why they are SQL files and not generated.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  return database.withMigrationLock(async () => {
    await database.runScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await queryRows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name));
    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const body = readFileSync(dir + file, 'utf8');
      await database.runScript(`BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
      done.push(file);
    }
    return done;
  });
}
