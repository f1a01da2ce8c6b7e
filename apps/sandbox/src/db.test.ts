import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankStore } from './bank/store.js';
import { createSchema, openSandboxDb, type SandboxDb, type SandboxQueries } from './db.js';
import { LaunchService } from './provider/launch.js';
import { PROVIDER_SCHEMA } from './provider/schema.js';
import { ProviderWallet } from './provider/wallet.js';
import { createPostgresStorage, createTestStorage, openTestDb, type TestStorage } from './test-database.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Every row any query returns (in transactions too), in order. */
function recording(db: SandboxDb, log: Record<string, unknown>[][]): SandboxDb {
  const wrap = (q: SandboxQueries): SandboxQueries => ({
    query: async <T>(text: string, params?: unknown[], name?: string) => {
      const res = await q.query<T>(text, params, name);
      log.push(res.rows as Record<string, unknown>[]);
      return res;
    },
    exec: (sql) => q.exec(sql),
  });
  return { ...wrap(db), transaction: (fn) => db.transaction((tx) => fn(wrap(tx))), close: () => db.close() };
}

const kindOf = (v: unknown) => (v === null ? 'null' : typeof v === 'object' ? (v as object).constructor.name : typeof v);
const kinds = (log: Record<string, unknown>[][]) =>
  log.map((rows) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, kindOf(v)]))));

/** The same writes and reads through every store, with a fixed clock; returns every row read back. */
async function scenario(db: SandboxDb): Promise<Record<string, unknown>[][]> {
  const log: Record<string, unknown>[][] = [];
  const rec = recording(db, log);
  const now = new Date('2026-11-23T10:00:00.123Z');
  const bank = new BankStore(rec);
  await bank.init();
  const order = { reference: 'D26110001', payload: 'qr', amountLak: 150_000n, callbackUrl: 'http://merchant.test/cb' };
  await bank.create({ ...order, expiresAt: new Date(now.getTime() + 60_000) }, now);
  await bank.create({ ...order, expiresAt: new Date(now.getTime() + 60_000) }, now);
  await bank.markPaid(order.reference, 'bcel', now);
  await bank.find(order.reference, now);

  await createSchema(rec, PROVIDER_SCHEMA);
  const wallet = new ProviderWallet(rec);
  const player = { providerId: 'gclub', playerId: 'p1', agencyId: 'a1', username: 'somchai01' };
  await wallet.ensurePlayer(player);
  const deposit = { ...player, reference: 't-1', direction: 'IN' as const, amount: 10_050n };
  await wallet.transfer(deposit);
  await wallet.transfer(deposit);
  await wallet.transfer({ ...deposit, reference: 't-2', direction: 'OUT', amount: 99_999n });
  await wallet.transferByReference('gclub', 't-2');
  await wallet.settleBet({ ...player, gameId: 'g1', amount: 1_000n, payout: 2_500n, detail: { reels: ['SEVEN'] } });
  await wallet.turnoverSince(player, 't-1');
  await wallet.balance(player);

  const launches = new LaunchService(rec);
  const session = { providerId: 'gclub', playerId: 'p1', gameId: 'g1', returnUrl: 'http://site.test/', language: 'lo' };
  const token = await launches.createToken(session, now.getTime());
  const redeemed = await launches.redeem('gclub', token, now.getTime());
  await launches.redeem('gclub', token, now.getTime());
  if (redeemed.ok) await launches.session('gclub', redeemed.sessionId, now.getTime());

  // and every stored row as it is, uncast (ids int8, amounts int8, jsonb, timestamps)
  for (const table of [
    'bank_orders',
    'provider_players',
    'provider_transfers',
    'provider_bets',
    'provider_launch_tokens',
    'provider_sessions',
  ]) {
    await rec.query(`SELECT * FROM ${table} ORDER BY 1`);
  }
  return log;
}

/** Columns of every type PGlite has a parser for, and a few it has none for. */
const LITERALS = `SELECT 42::int8 AS int8, (2^60)::int8 AS int8_big, 7::int4 AS int4, 3::int2 AS int2, 1.5::float8 AS float8,
  1.25::float4 AS float4, 12345678901234567890.12::numeric AS numeric, true AS bool, 'x'::text AS text, 'y'::varchar AS varchar,
  '2026-01-02 03:04:05.678+07'::timestamptz AS timestamptz, '2026-01-02 03:04:05'::timestamp AS timestamp,
  '2026-01-02'::date AS date, '{"a": [1, "2"]}'::jsonb AS jsonb, '{"b": null}'::json AS json, 'abc'::bytea AS bytea,
  '00000000-0000-0000-0000-000000000001'::uuid AS uuid, '1 day'::interval AS interval, 26::oid AS oid,
  NULL::int8 AS null_int8`;

describe.skipIf(!serverUrl)('PGlite and PostgreSQL (TEST_DATABASE_URL) give the stores the same rows', () => {
  let pglite: SandboxDb;
  let postgres: SandboxDb;
  let storage: TestStorage;
  beforeAll(async () => {
    pglite = await openSandboxDb('memory://');
    storage = await createPostgresStorage(serverUrl!);
    postgres = await openSandboxDb(storage.config.SANDBOX_DATABASE_URL!);
  });
  afterAll(async () => {
    await pglite?.close();
    await postgres?.close();
    await storage?.drop();
  });

  it('reads back a bank order, transfers, a bet and launch tokens with the same JS types and values', async () => {
    const fromPglite = await scenario(pglite);
    const fromPostgres = await scenario(postgres);
    expect(fromPglite.flat().length).toBeGreaterThan(10);
    expect(kinds(fromPostgres)).toEqual(kinds(fromPglite));
    // drawn at random or stamped by the database's clock; everything else is the same to the value
    const RANDOM = new Set(['bank_reference', 'token_hash', 'session_hash', 'created_at']);
    const values = (log: Record<string, unknown>[][]) =>
      log.map((rows) => rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !RANDOM.has(k)))));
    expect(values(fromPostgres)).toEqual(values(fromPglite));
    // the uncast rows do hold what differs between the drivers' default parsers
    expect(fromPglite.at(-4)![0]).toMatchObject({ id: 1, amount: 10_050, balance_after: 10_050 });
    expect(fromPglite.at(-3)![0]).toMatchObject({ detail: { reels: ['SEVEN'] }, created_at: expect.any(Date) });
  });

  it('parses every column type as PGlite does', async () => {
    const [fromPglite] = (await pglite.query<Record<string, unknown>>(LITERALS)).rows;
    const [fromPostgres] = (await postgres.query<Record<string, unknown>>(LITERALS)).rows;
    expect(kinds([[fromPostgres!]])).toEqual(kinds([[fromPglite!]]));
    expect(fromPostgres).toEqual(fromPglite);
    expect(fromPglite).toMatchObject({ int8: 42, int8_big: 2n ** 60n, numeric: '12345678901234567890.12', jsonb: { a: [1, '2'] } });
  });

  it('answers a named statement as the same query unnamed, on every pooled connection and at once', async () => {
    const sql = `SELECT $1::int8 AS n, $2::timestamptz AS at, $3::text AS t`;
    const at = new Date('2026-11-23T10:00:00.123Z');
    for (const db of [pglite, postgres]) {
      const [plain] = (await db.query<Record<string, unknown>>(sql, [7, at.toISOString(), 'x'])).rows;
      // more at once than the pool has connections: each connection prepares it once, then reuses it
      const named = await Promise.all(
        Array.from({ length: 25 }, (_, i) => db.query<Record<string, unknown>>(sql, [i, at.toISOString(), `x${i}`], 'db_test_named')),
      );
      expect(plain).toEqual({ n: 7, at, t: 'x' });
      named.forEach(({ rows }, i) => expect(rows).toEqual([{ n: i, at, t: `x${i}` }]));
      const inTx = await db.transaction((tx) => tx.query<Record<string, unknown>>(sql, [1, at.toISOString(), 'y'], 'db_test_named'));
      expect(inTx.rows).toEqual([{ n: 1, at, t: 'y' }]);
    }
  });

  it('commits without waiting for the disk on its PostgreSQL connections, pooled and in transactions (decision 022)', async () => {
    const pooled = await Promise.all(
      Array.from({ length: 12 }, () => postgres.query<{ synchronous_commit: string }>('SHOW synchronous_commit')),
    );
    const inTx = await postgres.transaction((tx) => tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit'));
    expect(new Set([...pooled, inTx].map(({ rows }) => rows[0]!.synchronous_commit))).toEqual(new Set(['off']));
  });

  it('creates the schemas safely when parts and processes start at once on one database', async () => {
    const fresh = await createPostgresStorage(serverUrl!);
    const dbs = await Promise.all(Array.from({ length: 6 }, () => openSandboxDb(fresh.config.SANDBOX_DATABASE_URL!)));
    try {
      await Promise.all(dbs.map((db, i) => (i % 2 ? createSchema(db, PROVIDER_SCHEMA) : new BankStore(db).init())));
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await fresh.drop();
    }
  });
});

describe('the provider schema', () => {
  it("refuses to start on a database whose provider_transfers is not the sandbox's (the server's)", async () => {
    const storage = await createTestStorage();
    const db = await openSandboxDb(storage.config.SANDBOX_DATABASE_URL ?? storage.config.SANDBOX_DATA_DIR);
    try {
      await db.exec('CREATE TABLE provider_transfers (id uuid PRIMARY KEY, kind text NOT NULL)');
      await expect(createSchema(db, PROVIDER_SCHEMA)).rejects.toThrow(/not the sandbox's/);
    } finally {
      await db.close();
      await storage.drop();
    }
  });

  it('applies transfers in and out, refusals and repeats, to the balance once', async () => {
    const db = await openTestDb(await createTestStorage(), PROVIDER_SCHEMA);
    try {
      const wallet = new ProviderWallet(db);
      const p = { providerId: 'gclub', playerId: 'p1', agencyId: 'a1', username: 'u' };
      const t = (reference: string, direction: 'IN' | 'OUT', amount: bigint, forceRefuse = false) =>
        wallet.transfer({ ...p, reference, direction, amount, forceRefuse });
      const view = (r: Awaited<ReturnType<typeof t>>) => [r.status, r.reason, r.balanceAfter];
      const balance = () => wallet.balance(p);
      // a refused transfer in opens the account at 0 and credits nothing
      expect(view(await t('r1', 'IN', 500n, true))).toEqual(['REFUSED', 'REFUSED_BY_PROVIDER', null]);
      expect(await balance()).toBe(0n);
      expect(view(await t('r2', 'IN', 10_050n))).toEqual(['POSTED', null, 10_050n]);
      expect(view(await t('r2', 'IN', 10_050n))).toEqual(['POSTED', null, 10_050n]);
      expect(view(await t('r3', 'IN', 1n))).toEqual(['POSTED', null, 10_051n]);
      expect(view(await t('r4', 'IN', 7n, true))).toEqual(['REFUSED', 'REFUSED_BY_PROVIDER', null]);
      expect(view(await t('r5', 'OUT', 10_052n))).toEqual(['REFUSED', 'INSUFFICIENT_BALANCE', null]);
      expect(view(await t('r6', 'OUT', 51n))).toEqual(['POSTED', null, 10_000n]);
      expect(view(await t('r7', 'OUT', 1n, true))).toEqual(['REFUSED', 'REFUSED_BY_PROVIDER', null]);
      expect(await balance()).toBe(10_000n);
      expect(view(await wallet.transfer({ ...p, playerId: 'nobody', reference: 'r8', direction: 'OUT', amount: 1n }))).toEqual([
        'REFUSED',
        'PLAYER_NOT_FOUND',
        null,
      ]);
      await expect(t('r6', 'IN', 51n)).rejects.toMatchObject({ code: 'REFERENCE_CONFLICT' });
      // past the largest bigint: refused by the database, nothing applied
      await expect(t('r9', 'IN', 2n ** 63n - 1n)).rejects.toThrow(/out of range/);
      expect(await balance()).toBe(10_000n);
    } finally {
      await db.close();
    }
  });

  it('rolls a failed transaction back on either driver', async () => {
    const db = await openTestDb(await createTestStorage(), PROVIDER_SCHEMA);
    try {
      const wallet = new ProviderWallet(db);
      await wallet.ensurePlayer({ providerId: 'gclub', playerId: 'p1', agencyId: 'a1', username: 'u' });
      await expect(
        db.transaction(async (tx) => {
          await tx.query("UPDATE provider_players SET balance = 500 WHERE player_id = 'p1'");
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await wallet.balance({ providerId: 'gclub', playerId: 'p1' })).toBe(0n);
    } finally {
      await db.close();
    }
  });
});
