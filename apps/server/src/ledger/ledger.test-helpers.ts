import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { ensureAccount, post } from './ledger.js';

/**
 * A fresh database for one ledger test file (opened before its tests, closed after), and the
 * accounts and direct writes those tests are made of.
 */
export function useLedgerDatabase() {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  const opened = () => {
    if (!database) throw new Error('the ledger test database is opened in beforeAll');
    return database;
  };

  /** a new player's credit account at gclub */
  const playerAccount = (playerId = randomUUID()) =>
    ensureAccount(opened().db, { agencyId: opened().agencyId, type: 'PLAYER_CREDIT', currency: 'THB', playerId, providerId: 'gclub' });
  /** the agency's THB exchange account (shard 0) */
  const house = () => ensureAccount(opened().db, { agencyId: opened().agencyId, type: 'EXCHANGE', currency: 'THB' });

  /** `amount` baht moved from one account to another, posted under a reference of its own */
  const fund = (from: string, to: string, amount: bigint) =>
    opened().db.transaction((tx) =>
      post(tx, {
        agencyId: opened().agencyId,
        reference: `fund-${randomUUID()}`,
        kind: 'test',
        entries: [{ from, to, currency: 'THB', amount }],
      }),
    );

  /**
   * THB entries written by one multi-row INSERT into ledger_entries (not through ledger_post_many), with
   * their transaction, in a transaction of their own: its reference, and what was thrown if anything.
   */
  async function insertDirectly(entries: { from: string; to: string; amount: number }[]): Promise<{ reference: string; error: unknown }> {
    const id = randomUUID();
    const reference = `raw-${id}`;
    const values = sql.join(
      entries.map((e) => sql`(${id}, ${e.from}, ${e.to}, 'THB', ${e.amount})`),
      sql`, `,
    );
    const error = await opened()
      .db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO ledger_transactions (id, agency_id, reference, kind) VALUES (${id}, ${opened().agencyId}, ${reference}, 'raw')`,
        );
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, from_account_id, to_account_id, currency, amount) VALUES ${values}`,
        );
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    return { reference, error };
  }

  /** Balance and version of each account, by id. */
  async function accountStates(ids: string[]): Promise<Map<string, { balance: bigint; version: bigint }>> {
    const rows = await queryRows<{ id: string; balance: string; version: string }>(
      opened().db,
      sql`SELECT id::text, balance::text, version::text FROM ledger_accounts WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    return new Map(
      ids.map((id) => {
        const r = rows.find((x) => x.id === id);
        if (!r) throw new Error(`no account ${id}`);
        return [id, { balance: BigInt(r.balance), version: BigInt(r.version) }];
      }),
    );
  }

  return {
    get db(): Db {
      return opened().db;
    },
    get agencyId(): string {
      return opened().agencyId;
    },
    playerAccount,
    house,
    fund,
    insertDirectly,
    accountStates,
  };
}
