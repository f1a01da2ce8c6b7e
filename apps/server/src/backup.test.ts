import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openDatabase, queryRows, type Db } from './db/client.js';
import { pendingMigrations } from './db/migrate.js';
import { runLedgerCheck } from './ledger/check-record.js';
import { checkLedger } from './ledger/check.js';
import { sendCallback, useDepositCallbacks } from './modules/deposits/deposits.test-helpers.js';
import { addBankAccount, withdraw } from './modules/withdrawals/withdrawals.test-helpers.js';
import { testConfig } from './test/config.js';
import { createPostgresDatabase } from './test/database.js';

const hasTools = (() => {
  try {
    execFileSync('pg_dump', ['--version']);
    execFileSync('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/** What must survive a backup: the ledger's shape and totals, and the money's rows. */
const fingerprint = async (db: Db) =>
  (
    await queryRows<Record<string, string>>(
      db,
      sql`SELECT (SELECT count(*) FROM ledger_entries)::text AS entries,
                 (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS moved,
                 (SELECT string_agg(balance::text, ',' ORDER BY id) FROM ledger_accounts) AS balances,
                 (SELECT count(*) FROM deposit_orders WHERE status = 'SUCCESS')::text AS deposits,
                 (SELECT count(*) FROM withdrawals)::text AS withdrawals,
                 (SELECT count(*) FROM jobs WHERE done_at IS NULL)::text AS jobs`,
    )
  )[0]!;

/**
 * The runbook's backup and restore (docs/operations.md#backups) on a database with money in it:
 * `pg_dump -Fc`, `pg_restore` into a new database, the ledger check passing there, the server
 * starting on it and answering /readyz.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !hasTools)(
  'backup and restore (needs TEST_DATABASE_URL and pg_dump/pg_restore: PostgreSQL only)',
  () => {
    const { env, openDeposit, settleAll, paidDeposits } = useDepositCallbacks();
    const app = () => env.ctx.app;

    it('restores paid deposits and a withdrawal whole: the ledger check passes and the server starts on the copy', async () => {
      const paid = await paidDeposits(3, 100_000);
      for (const { notice } of paid) expect((await sendCallback(app(), notice)).statusCode).toBe(202);
      await settleAll();
      const player = paid[0]!.p;
      await addBankAccount(app(), player);
      const asked = await withdraw(app(), player, { providerId: 'gclub', amount: '100' });
      expect(asked.statusCode, asked.body).toBe(201);
      await settleAll();
      // an order still open travels too
      await openDeposit(paid[1]!.p);
      expect(await checkLedger(app().db)).toEqual([]);
      const before = await fingerprint(app().db);
      expect(Number(before.deposits)).toBe(3);

      const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
      const copy = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const dump = join(dir, 'laocredit.dump');
        execFileSync('pg_dump', ['-Fc', '--no-owner', '-f', dump, env.ctx.database.url!]);
        execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', copy.url, dump]);

        const restored = await openDatabase({ url: copy.url, poolSize: 2 });
        try {
          expect(await fingerprint(restored.db)).toEqual(before);
          expect((await runLedgerCheck(restored.db)).problems).toEqual([]);
          expect(await pendingMigrations(restored)).toEqual({ migrations: [], functions: [] });
        } finally {
          await restored.close();
        }

        // the server on the copy, as after a restore: opens it, finds nothing to migrate, is ready
        const server = await buildApp({ config: testConfig({ DATABASE_URL: copy.url, DATABASE_POOL_SIZE: '2' }), logger: false });
        try {
          const ready = await server.inject({ url: '/readyz' });
          expect(ready.statusCode, ready.body).toBe(200);
        } finally {
          await server.close();
        }
      } finally {
        await copy.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
