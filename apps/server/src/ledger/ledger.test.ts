import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { sqlStateError } from '../db/errors.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { checkLedger } from './check.js';
import { balanceOf, ensureAccount, HOUSE_SHARDS, houseAccount, houseShard, InsufficientFundsError, post, postMany } from './ledger.js';

let database: TestDatabase;
let agencyId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  agencyId = database.agencyId;
});
afterAll(() => database.close());

async function playerAccount(playerId = randomUUID()) {
  return ensureAccount(database.db, { agencyId, type: 'PLAYER_CREDIT', currency: 'THB', playerId, providerId: 'gclub' });
}
const house = () => ensureAccount(database.db, { agencyId, type: 'EXCHANGE', currency: 'THB' });

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
  const error = await database.db
    .transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO ledger_transactions (id, agency_id, reference, kind) VALUES (${id}, ${agencyId}, ${reference}, 'raw')`,
      );
      await tx.execute(sql`INSERT INTO ledger_entries (transaction_id, from_account_id, to_account_id, currency, amount) VALUES ${values}`);
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
    database.db,
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

describe('ledger', () => {
  it('moves an amount between two accounts and keeps the sum at zero', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const r = await database.db.transaction((tx) =>
      post(tx, { agencyId, reference: `t-${randomUUID()}`, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 12_345n }] }),
    );
    expect(r.duplicate).toBe(false);
    expect(await balanceOf(database.db, p)).toBe(12_345n);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('gives the same account for the same identity', async () => {
    const playerId = randomUUID();
    expect(await playerAccount(playerId)).toBe(await playerAccount(playerId));
  });

  it('posts a reference once: a repeat has no second effect', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const ref = `once-${randomUUID()}`;
    const req = { agencyId, reference: ref, kind: 'test', entries: [{ from: h, to: p, currency: 'THB' as const, amount: 500n }] };
    await database.db.transaction((tx) => post(tx, req));
    const again = await database.db.transaction((tx) => post(tx, req));
    expect(again.duplicate).toBe(true);
    expect(await balanceOf(database.db, p)).toBe(500n);
  });

  it('refuses to take a player below zero and writes nothing', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const ref = `neg-${randomUUID()}`;
    await expect(
      database.db.transaction((tx) =>
        post(tx, { agencyId, reference: ref, kind: 'test', entries: [{ from: p, to: h, currency: 'THB', amount: 1n }] }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const rows = await database.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference = ${ref}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('says which account fell short and by how much (ledger_post_many, one round trip)', async () => {
    const [p, h] = [await playerAccount(), await house()];
    await database.db.transaction((tx) =>
      post(tx, { agencyId, reference: `fund-${randomUUID()}`, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 50n }] }),
    );
    const err = await database.db
      .transaction((tx) =>
        post(tx, {
          agencyId,
          reference: `short-${randomUUID()}`,
          kind: 'test',
          entries: [{ from: p, to: h, currency: 'THB', amount: 80n }],
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect(err).toMatchObject({ accountId: p, balance: 50n, needed: 80n });
    expect(await balanceOf(database.db, p)).toBe(50n);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('refuses an unknown account or one of another agency and writes nothing', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const unknown = `unknown-${randomUUID()}`;
    await expect(
      database.db.transaction((tx) =>
        post(tx, { agencyId, reference: unknown, kind: 'test', entries: [{ from: h, to: randomUUID(), currency: 'THB', amount: 1n }] }),
      ),
    ).rejects.toThrow(/unknown account/);
    const foreign = `foreign-${randomUUID()}`;
    await expect(
      database.db.transaction((tx) =>
        post(tx, { agencyId: randomUUID(), reference: foreign, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 1n }] }),
      ),
    ).rejects.toThrow();
    const rows = await database.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${unknown}, ${foreign})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await balanceOf(database.db, p)).toBe(0n);
  });

  it('has the database refuse a negative player balance even when the code is bypassed', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const txId = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO ledger_transactions (id, agency_id, reference, kind) VALUES (${txId}, ${agencyId}, ${`raw-${txId}`}, 'raw')`,
        );
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, from_account_id, to_account_id, currency, amount) VALUES (${txId}, ${p}, ${h}, 'THB', 1)`,
        );
      }),
    ).rejects.toThrow();
    expect(await balanceOf(database.db, p)).toBe(0n);
  });

  it('has the database refuse an entry across currencies', async () => {
    const lak = await ensureAccount(database.db, { agencyId, type: 'BANK_CLEARING', currency: 'LAK' });
    const h = await house();
    await expect(
      database.db.transaction((tx) =>
        post(tx, { agencyId, reference: `x-${randomUUID()}`, kind: 'test', entries: [{ from: lak, to: h, currency: 'THB', amount: 1n }] }),
      ),
    ).rejects.toThrow();
  });

  it('is append-only: entries and transactions cannot be changed or deleted', async () => {
    await expect(database.db.execute(sql`UPDATE ledger_entries SET amount = amount + 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM ledger_transactions`)).rejects.toThrow();
  });

  it('keeps every invariant under 50 concurrent debits of one player: exactly the affordable ones pass', async () => {
    const [p, h] = [await playerAccount(), await house()];
    await database.db.transaction((tx) =>
      post(tx, {
        agencyId,
        reference: `fund-${randomUUID()}`,
        kind: 'test',
        entries: [{ from: h, to: p, currency: 'THB', amount: 2_000n }],
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        database.db.transaction((tx) =>
          post(tx, { agencyId, reference: `debit-${p}-${i}`, kind: 'test', entries: [{ from: p, to: h, currency: 'THB', amount: 100n }] }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(20);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(database.db, p)).toBe(0n);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('posts a list in order, in one call: a later transaction may spend what an earlier one brought', async () => {
    const [p, q, h] = [await playerAccount(), await playerAccount(), await house()];
    const [a, b, c] = [`a-${randomUUID()}`, `b-${randomUUID()}`, `c-${randomUUID()}`];
    const results = await database.db.transaction((tx) =>
      postMany(tx, [
        { agencyId, reference: a, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 300n }] },
        {
          agencyId,
          reference: b,
          kind: 'test',
          entries: [{ from: p, to: q, currency: 'THB', amount: 200n }],
          metadata: { why: 'it has "quotes", {braces} and, commas' },
        },
        { agencyId, reference: a, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 300n }] },
        {
          agencyId,
          reference: c,
          kind: 'test',
          entries: [
            { from: q, to: h, currency: 'THB', amount: 50n },
            { from: p, to: h, currency: 'THB', amount: 100n },
          ],
        },
      ]),
    );
    expect(results.map((r) => r.duplicate)).toEqual([false, false, true, false]);
    expect(results[2]!.transactionId).toBe(results[0]!.transactionId);
    expect(await balanceOf(database.db, p)).toBe(0n);
    expect(await balanceOf(database.db, q)).toBe(150n);
    const again = await database.db.transaction((tx) =>
      postMany(tx, [{ agencyId, reference: b, kind: 'test', entries: [{ from: p, to: q, currency: 'THB', amount: 200n }] }]),
    );
    expect(again).toEqual([{ transactionId: results[1]!.transactionId, duplicate: true }]);
    const meta = await database.db.execute(sql`SELECT metadata->>'why' AS why FROM ledger_transactions WHERE reference = ${b}`);
    expect((meta as unknown as { rows: { why: string }[] }).rows[0]!.why).toBe('it has "quotes", {braces} and, commas');
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it("refuses a whole list when one of its transactions would take a player below zero, with that one's figures", async () => {
    const [p, q, h] = [await playerAccount(), await playerAccount(), await house()];
    const refs = [`ok-${randomUUID()}`, `short-${randomUUID()}`];
    const err = await database.db
      .transaction((tx) =>
        postMany(tx, [
          { agencyId, reference: refs[0]!, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 40n }] },
          // as if posted after the first: p has 40 then, and this needs 70
          { agencyId, reference: refs[1]!, kind: 'test', entries: [{ from: p, to: q, currency: 'THB', amount: 70n }] },
        ]),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect(err).toMatchObject({ accountId: p, balance: 40n, needed: 70n });
    const rows = await database.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${refs[0]!}, ${refs[1]!})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await balanceOf(database.db, p)).toBe(0n);
  });

  it('refuses a whole list in which one transaction is of another agency than its accounts', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const ref = `mixed-${randomUUID()}`;
    await expect(
      database.db.transaction((tx) =>
        postMany(tx, [
          { agencyId, reference: `fine-${randomUUID()}`, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 1n }] },
          { agencyId: randomUUID(), reference: ref, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 1n }] },
        ]),
      ),
    ).rejects.toThrow();
    expect(await balanceOf(database.db, p)).toBe(0n);
  });

  it('spreads players over every house shard, the same shard for the same player', async () => {
    const counts = new Array<number>(HOUSE_SHARDS).fill(0);
    for (let i = 0; i < 200 * HOUSE_SHARDS; i++) {
      const id = randomUUID();
      const shard = houseShard(id);
      expect(houseShard(id)).toBe(shard);
      counts[shard]!++;
    }
    // 200 expected per shard; a uniform spread stays far inside these bounds
    for (const c of counts) expect(c).toBeGreaterThan(120);
    for (const c of counts) expect(c).toBeLessThan(280);
  });

  it("gives a player's postings the house account copy of the player's shard, and refuses a split payable or player account", async () => {
    const player = randomUUID();
    const a = await houseAccount(database.db, { agencyId, playerId: player, type: 'EXCHANGE', currency: 'THB' });
    expect(await houseAccount(database.db, { agencyId, playerId: player, type: 'EXCHANGE', currency: 'THB' })).toBe(a);
    const other = await ensureAccount(database.db, {
      agencyId,
      type: 'EXCHANGE',
      currency: 'THB',
      shard: (houseShard(player) + 1) % HOUSE_SHARDS,
    });
    expect(other).not.toBe(a);
    await expect(
      database.db.execute(
        sql`INSERT INTO ledger_accounts (agency_id, type, currency, shard) VALUES (${agencyId}, 'WITHDRAWALS_PAYABLE', 'THB', 3)`,
      ),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`INSERT INTO ledger_accounts (agency_id, type, currency, player_id, provider_id, shard) VALUES (${agencyId}, 'PLAYER_CREDIT', 'THB', ${randomUUID()}, 'gclub', 1)`,
      ),
    ).rejects.toThrow();
  });

  it('moves each balance once per statement: many entries on the same accounts in one postMany equal their sums', async () => {
    // the shape of a settlement group: a few house copies, many players, one entry per transaction
    const houses = await Promise.all(
      Array.from({ length: 4 }, (_, shard) =>
        ensureAccount(database.db, { agencyId, type: 'EXCHANGE', currency: 'THB', shard: 40 + shard }),
      ),
    );
    const players = await Promise.all(Array.from({ length: 16 }, () => playerAccount()));
    const before = await accountStates([...houses, ...players]);
    const reqs = Array.from({ length: 64 }, (_, i) => ({
      agencyId,
      reference: `many-${randomUUID()}`,
      kind: 'test',
      entries: [{ from: houses[i % 4]!, to: players[i % 16]!, currency: 'THB' as const, amount: BigInt(100 + i) }],
    }));
    // and some of it back within the same list: players spend what an earlier transaction brought
    for (let i = 0; i < 16; i++) {
      reqs.push({
        agencyId,
        reference: `back-${randomUUID()}`,
        kind: 'test',
        entries: [{ from: players[i]!, to: houses[(i + 1) % 4]!, currency: 'THB', amount: 50n }],
      });
    }
    await database.db.transaction((tx) => postMany(tx, reqs));
    const expected = new Map<string, { balance: bigint; version: bigint }>();
    for (const [id, s] of before) expected.set(id, { ...s });
    for (const r of reqs) {
      for (const e of r.entries) {
        expected.get(e.from)!.balance -= e.amount;
        expected.get(e.from)!.version += 1n;
        expected.get(e.to)!.balance += e.amount;
        expected.get(e.to)!.version += 1n;
      }
    }
    expect(await accountStates([...houses, ...players])).toEqual(expected);
    // a player got 4 of the 64 (e.g. 100 + 116 + 132 + 148 for the first) and gave 50 back
    expect(await balanceOf(database.db, players[0]!)).toBe(100n + 116n + 132n + 148n - 50n);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it("refuses an entry not in its accounts' currency, naming the account, and writes nothing of the list", async () => {
    const lak = await ensureAccount(database.db, { agencyId, type: 'BANK_CLEARING', currency: 'LAK' });
    const [p, h] = [await playerAccount(), await house()];
    const before = await accountStates([lak, p, h]);
    const refs = [`fine-${randomUUID()}`, `cross-${randomUUID()}`];
    await expect(
      database.db.transaction((tx) =>
        postMany(tx, [
          { agencyId, reference: refs[0]!, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 10n }] },
          {
            agencyId,
            reference: refs[1]!,
            kind: 'test',
            entries: [
              { from: h, to: p, currency: 'THB', amount: 5n },
              { from: lak, to: h, currency: 'THB', amount: 5n },
            ],
          },
        ]),
      ),
    ).rejects.toThrow(`ledger: account ${lak} is not in THB`);
    const rows = await database.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${refs[0]!}, ${refs[1]!})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await accountStates([lak, p, h])).toEqual(before);
  });

  it('refuses an unknown account, through postMany or a direct INSERT, and writes nothing', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const before = await accountStates([p, h]);
    const ref = `unknown-${randomUUID()}`;
    await expect(
      database.db.transaction((tx) =>
        postMany(tx, [
          {
            agencyId,
            reference: ref,
            kind: 'test',
            entries: [
              { from: h, to: p, currency: 'THB', amount: 3n },
              { from: h, to: randomUUID(), currency: 'THB', amount: 1n },
            ],
          },
        ]),
      ),
    ).rejects.toThrow(/unknown account/);
    // a direct INSERT: the entries' foreign keys, checked before the statement's balance trigger runs
    const direct = await insertDirectly([
      { from: h, to: p, amount: 3 },
      { from: h, to: randomUUID(), amount: 1 },
    ]);
    expect(sqlStateError(direct.error, '23503')).toBeDefined();
    const rows = await database.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${ref}, ${direct.reference})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await accountStates([p, h])).toEqual(before);
  });

  it('maintains the balances of a direct multi-row INSERT into ledger_entries, and refuses one across currencies', async () => {
    const [p, q, h] = [await playerAccount(), await playerAccount(), await house()];
    const before = await accountStates([p, q, h]);
    const fine = await insertDirectly([
      { from: h, to: p, amount: 700 },
      { from: h, to: q, amount: 300 },
      { from: p, to: q, amount: 200 },
      { from: h, to: p, amount: 1 },
    ]);
    expect(fine.error).toBeUndefined();
    expect(await accountStates([p, q, h])).toEqual(
      new Map([
        [p, { balance: before.get(p)!.balance + 501n, version: before.get(p)!.version + 3n }],
        [q, { balance: before.get(q)!.balance + 500n, version: before.get(q)!.version + 2n }],
        [h, { balance: before.get(h)!.balance - 1001n, version: before.get(h)!.version + 3n }],
      ]),
    );
    expect(await checkLedger(database.db)).toEqual([]);

    const lak = await ensureAccount(database.db, { agencyId, type: 'BANK_CLEARING', currency: 'LAK' });
    const lakBefore = await accountStates([lak, p, h]);
    const crossing = await insertDirectly([
      { from: h, to: p, amount: 9 },
      { from: h, to: lak, amount: 9 },
    ]);
    expect(sqlStateError(crossing.error, 'P0001')?.message).toBe(`ledger: account ${lak} is not in THB`);
    expect(await accountStates([lak, p, h])).toEqual(lakBefore);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('reports a cached balance that drifted from its entries', async () => {
    const p = await playerAccount();
    await database.db.execute(sql`UPDATE ledger_accounts SET balance = 7 WHERE id = ${p}`);
    const problems = await checkLedger(database.db);
    expect(problems.some((m) => m.includes(p))).toBe(true);
    await database.db.execute(sql`UPDATE ledger_accounts SET balance = 0 WHERE id = ${p}`);
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
