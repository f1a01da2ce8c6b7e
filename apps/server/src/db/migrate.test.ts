import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { queryRows } from './client.js';
import { migrate, pendingMigrations } from './migrate.js';
import { openDatabase } from './client.js';

const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));
const FUNCTIONS = fileURLToPath(new URL('./functions/', import.meta.url));
const functionFiles = readdirSync(FUNCTIONS).filter((f) => f.endsWith('.sql'));
const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(join(FUNCTIONS, file), 'utf8'))
    .digest('hex');

let database: TestDatabase;
let scratch: string;
beforeAll(async () => {
  database = await createTestDatabase();
  scratch = mkdtempSync(join(tmpdir(), 'migrate-test-'));
});
afterAll(async () => {
  await database.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** a copy of the function files in which `edit` has changed one */
function functionsWith(name: string, file: string, edit: (text: string) => string): string {
  const dir = join(scratch, name) + '/';
  cpSync(FUNCTIONS, dir, { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

const recorded = async () =>
  new Map(
    (await queryRows<{ name: string; sha256: string }>(database.db, sql`SELECT name, sha256 FROM schema_functions`)).map((r) => [
      r.name,
      r.sha256,
    ]),
  );
const functionSource = async (name: string) =>
  (await queryRows<{ src: string }>(database.db, sql`SELECT prosrc AS src FROM pg_proc WHERE proname = ${name}`))[0]?.src ?? '';

describe('pendingMigrations', () => {
  it('tells every migration and function file of an empty database, changing nothing', async () => {
    const empty = await openDatabase({ dataDir: 'memory://' });
    try {
      const pending = await pendingMigrations(empty);
      expect(pending.migrations).toEqual(
        readdirSync(MIGRATIONS)
          .filter((f) => f.endsWith('.sql'))
          .sort(),
      );
      expect(pending.functions).toEqual([...functionFiles].sort());
      const table = await queryRows<{ t: string | null }>(empty.db, sql`SELECT to_regclass('schema_migrations')::text AS t`);
      expect(table[0]?.t).toBeNull();
    } finally {
      await empty.close();
    }
  });

  it('tells nothing once migrated', async () => {
    expect(await pendingMigrations(database)).toEqual({ migrations: [], functions: [] });
  });
});

describe('SQL function files', () => {
  it('a fresh database has every function file applied, with its hash, and nothing left to do', async () => {
    expect(functionFiles).toContain('ledger_post_many.sql');
    const hashes = await recorded();
    expect([...hashes.keys()].sort()).toEqual([...functionFiles].sort());
    for (const file of functionFiles) expect(hashes.get(file)).toBe(sha256(file));
    expect(await migrate(database)).toEqual({ migrations: [], functions: [] });
  });

  it('applies again only the file whose text changed, and records its new hash', async () => {
    const dir = functionsWith('changed', 'ledger_append_only.sql', (t) =>
      t.replace("'ledger: % on % is not allowed (append-only)'", "'ledger: % on % is not allowed (append-only, test)'"),
    );
    expect(await migrate(database, { functions: dir })).toEqual({ migrations: [], functions: ['ledger_append_only.sql'] });
    expect(await functionSource('ledger_append_only')).toContain('append-only, test');
    // the committed text again: the database follows the file back
    expect(await migrate(database)).toEqual({ migrations: [], functions: ['ledger_append_only.sql'] });
    expect(await functionSource('ledger_append_only')).not.toContain('append-only, test');
    expect((await recorded()).get('ledger_append_only.sql')).toBe(sha256('ledger_append_only.sql'));
  });

  it('applies the pending migrations and the changed functions in one transaction: a broken file undoes both', async () => {
    const migrations = join(scratch, 'migrations') + '/';
    cpSync(MIGRATIONS, migrations, { recursive: true });
    writeFileSync(join(migrations, '9999_migrate_test.sql'), 'CREATE TABLE migrate_test (id int);');
    const broken = functionsWith('broken', 'ledger_post_many.sql', (t) => t.replace('BEGIN', 'BEGIN oops'));
    const before = await recorded();
    await expect(migrate(database, { migrations, functions: broken })).rejects.toThrow();
    const table = await queryRows<{ t: string | null }>(database.db, sql`SELECT to_regclass('migrate_test')::text AS t`);
    expect(table[0]?.t).toBeNull();
    expect(await recorded()).toEqual(before);
    // the connection is usable again, and the same call with a sound file goes through
    expect(await pendingMigrations(database, { migrations, functions: broken })).toEqual({
      migrations: ['9999_migrate_test.sql'],
      functions: ['ledger_post_many.sql'],
    });
    expect(await migrate(database, { migrations })).toEqual({ migrations: ['9999_migrate_test.sql'], functions: [] });
    expect(await pendingMigrations(database, { migrations })).toEqual({ migrations: [], functions: [] });
    await database.runScript('DROP TABLE migrate_test; DELETE FROM schema_migrations WHERE name = $$9999_migrate_test.sql$$;');
  });

  it('upgrades a database migrated before the function files existed: every file applied once, the ledger still posting', async () => {
    await database.runScript('DROP TABLE schema_functions');
    expect(await migrate(database)).toEqual({ migrations: [], functions: [...functionFiles].sort() });
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname IN ('ledger_entries_apply', 'ledger_entries_append_only', 'audit_log_append_only')`,
    );
    expect(rows[0]?.n).toBe(3);
    // two house accounts of their own (neither held above zero); a posting moves both balances
    const accounts = await queryRows<{ id: string; balance: string }>(
      database.db,
      sql`INSERT INTO ledger_accounts (agency_id, type, currency) VALUES (${database.agencyId}, 'PROMOTION_EXPENSE', 'USD'), (${database.agencyId}, 'GAMING_RESULT', 'USD')
          RETURNING id, balance::text`,
    );
    expect(accounts).toHaveLength(2);
    const [from, to] = accounts as [{ id: string; balance: string }, { id: string; balance: string }];
    const txs = [
      {
        agencyId: database.agencyId,
        reference: 'migrate-test-1',
        kind: 'test',
        metadata: null,
        entries: [{ from: from.id, to: to.id, currency: 'USD', amount: '25' }],
      },
    ];
    const posted = await queryRows<{ duplicate: boolean }>(
      database.db,
      sql`SELECT duplicate FROM ledger_post_many(${JSON.stringify(txs)}::jsonb)`,
    );
    expect(posted).toEqual([{ duplicate: false }]);
    const after = await queryRows<{ id: string; balance: string }>(
      database.db,
      sql`SELECT id, balance::text FROM ledger_accounts WHERE id IN (${from.id}, ${to.id}) `,
    );
    const balance = (id: string) => after.find((a) => a.id === id)?.balance;
    expect([balance(from.id), balance(to.id)]).toEqual(['-25', '25']);
  });
});
