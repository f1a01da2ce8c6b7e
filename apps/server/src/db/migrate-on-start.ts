import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from './client.js';
import { migrate, pendingMigrations } from './migrate.js';

/** A start refused for what the database holds (not the configuration): server.ts prints it and exits 1. */
export class StartRefused extends Error {}

/**
 * Outside production the database is brought up to date at every start. In production migrations
 * are a step of their own (`npm run ops -- migrate`, before the new code starts:
 * docs/decisions/101-migrations-expand-then-contract.md): a start that finds one pending refuses,
 * naming them, unless MIGRATE_ON_START=true, which applies them under the migration lock.
 */
export async function migrateOnStart(database: Database, config: Pick<Config, 'NODE_ENV' | 'MIGRATE_ON_START'>, log: FastifyBaseLogger) {
  if (config.NODE_ENV === 'production' && !config.MIGRATE_ON_START) {
    const pending = await pendingMigrations(database);
    const files = [...pending.migrations, ...pending.functions];
    if (files.length > 0) {
      throw new StartRefused(
        `The database is behind this code: ${files.length} migration file(s) pending (${files.join(', ')}).\n` +
          'Run `npm run ops -- migrate` first, or start once with MIGRATE_ON_START=true.',
      );
    }
    return;
  }
  const done = await migrate(database);
  if (done.migrations.length + done.functions.length > 0) log.info(done, 'database migrated');
}
