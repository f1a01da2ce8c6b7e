import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sqlStateError } from '../db/errors.js';
import { checkLedger } from './check.js';
import { balanceOf, ensureAccount, postMany } from './ledger.js';
import { useLedgerDatabase } from './ledger.test-helpers.js';

const t = useLedgerDatabase();
const { playerAccount, house, insertDirectly, accountStates } = t;

describe('ledger: balances moved once per statement (the entries trigger)', () => {
  it('moves each balance once per statement: many entries on the same accounts in one postMany equal their sums', async () => {
    // the shape of a settlement group: a few house copies, many players, one entry per transaction
    const houses = await Promise.all(
      Array.from({ length: 4 }, (_, shard) =>
        ensureAccount(t.db, { agencyId: t.agencyId, type: 'EXCHANGE', currency: 'THB', shard: 40 + shard }),
      ),
    );
    const players = await Promise.all(Array.from({ length: 16 }, () => playerAccount()));
    const before = await accountStates([...houses, ...players]);
    const reqs = Array.from({ length: 64 }, (_, i) => ({
      agencyId: t.agencyId,
      reference: `many-${randomUUID()}`,
      kind: 'test',
      entries: [{ from: houses[i % 4]!, to: players[i % 16]!, currency: 'THB' as const, amount: BigInt(100 + i) }],
    }));
    // and some of it back within the same list: players spend what an earlier transaction brought
    for (let i = 0; i < 16; i++) {
      reqs.push({
        agencyId: t.agencyId,
        reference: `back-${randomUUID()}`,
        kind: 'test',
        entries: [{ from: players[i]!, to: houses[(i + 1) % 4]!, currency: 'THB', amount: 50n }],
      });
    }
    await t.db.transaction((tx) => postMany(tx, reqs));
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
    expect(await balanceOf(t.db, players[0]!)).toBe(100n + 116n + 132n + 148n - 50n);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("refuses an entry not in its accounts' currency, naming the account, and writes nothing of the list", async () => {
    const lak = await ensureAccount(t.db, { agencyId: t.agencyId, type: 'BANK_CLEARING', currency: 'LAK' });
    const [p, h] = [await playerAccount(), await house()];
    const before = await accountStates([lak, p, h]);
    const refs = [`fine-${randomUUID()}`, `cross-${randomUUID()}`];
    await expect(
      t.db.transaction((tx) =>
        postMany(tx, [
          { agencyId: t.agencyId, reference: refs[0]!, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 10n }] },
          {
            agencyId: t.agencyId,
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
    const rows = await t.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${refs[0]!}, ${refs[1]!})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await accountStates([lak, p, h])).toEqual(before);
  });

  it('refuses an unknown account, through postMany or a direct INSERT, and writes nothing', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const before = await accountStates([p, h]);
    const ref = `unknown-${randomUUID()}`;
    await expect(
      t.db.transaction((tx) =>
        postMany(tx, [
          {
            agencyId: t.agencyId,
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
    const rows = await t.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${ref}, ${direct.reference})`);
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
    expect(await checkLedger(t.db)).toEqual([]);

    const lak = await ensureAccount(t.db, { agencyId: t.agencyId, type: 'BANK_CLEARING', currency: 'LAK' });
    const lakBefore = await accountStates([lak, p, h]);
    const crossing = await insertDirectly([
      { from: h, to: p, amount: 9 },
      { from: h, to: lak, amount: 9 },
    ]);
    expect(sqlStateError(crossing.error, 'P0001')?.message).toBe(`ledger: account ${lak} is not in THB`);
    expect(await accountStates([lak, p, h])).toEqual(lakBefore);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
