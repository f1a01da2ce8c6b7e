import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkLedger } from './check.js';
import { balanceOf, ensureAccount, ensureAccounts, InsufficientFundsError, post } from './ledger.js';
import { useLedgerDatabase } from './ledger.test-helpers.js';

const t = useLedgerDatabase();
const { playerAccount, house } = t;

describe('ledger: posting', () => {
  it('moves an amount between two accounts and keeps the sum at zero', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const r = await t.db.transaction((tx) =>
      post(tx, {
        agencyId: t.agencyId,
        reference: `t-${randomUUID()}`,
        kind: 'test',
        entries: [{ from: h, to: p, currency: 'THB', amount: 12_345n }],
      }),
    );
    expect(r.duplicate).toBe(false);
    expect(await balanceOf(t.db, p)).toBe(12_345n);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('gives the same account for the same identity', async () => {
    const playerId = randomUUID();
    expect(await playerAccount(playerId)).toBe(await playerAccount(playerId));
  });

  it('answers ids in order, an identity asked twice once, and one another transaction created meanwhile', async () => {
    const key = (playerId: string) => ({
      agencyId: t.agencyId,
      type: 'PLAYER_CREDIT' as const,
      currency: 'THB' as const,
      playerId,
      providerId: 'gclub',
    });
    const [a, b] = [randomUUID(), randomUUID()];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let created!: () => void;
    const made = new Promise<void>((resolve) => (created = resolve));
    // a's account inserted by a transaction still open: on PostgreSQL the lookup below waits on its
    // unique key, finds nothing in its own snapshot and must look again once that transaction commits
    const first = t.db.transaction(async (tx) => {
      const [id] = await ensureAccounts(tx, [key(a)]);
      created();
      await held;
      return id;
    });
    await made;
    const second = ensureAccounts(t.db, [key(b), key(a), key(b)]);
    setTimeout(release, 100);
    const [idA, ids] = await Promise.all([first, second]);
    expect(ids[1]).toBe(idA);
    expect(ids[2]).toBe(ids[0]);
    expect(ids[0]).not.toBe(idA);
  });

  it('posts a reference once: a repeat has no second effect', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const ref = `once-${randomUUID()}`;
    const req = {
      agencyId: t.agencyId,
      reference: ref,
      kind: 'test',
      entries: [{ from: h, to: p, currency: 'THB' as const, amount: 500n }],
    };
    await t.db.transaction((tx) => post(tx, req));
    const again = await t.db.transaction((tx) => post(tx, req));
    expect(again.duplicate).toBe(true);
    expect(await balanceOf(t.db, p)).toBe(500n);
  });

  it('refuses to take a player below zero and writes nothing', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const ref = `neg-${randomUUID()}`;
    await expect(
      t.db.transaction((tx) =>
        post(tx, { agencyId: t.agencyId, reference: ref, kind: 'test', entries: [{ from: p, to: h, currency: 'THB', amount: 1n }] }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const rows = await t.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference = ${ref}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('says which account fell short and by how much (ledger_post_many, one round trip)', async () => {
    const [p, h] = [await playerAccount(), await house()];
    await t.fund(h, p, 50n);
    const err = await t.db
      .transaction((tx) =>
        post(tx, {
          agencyId: t.agencyId,
          reference: `short-${randomUUID()}`,
          kind: 'test',
          entries: [{ from: p, to: h, currency: 'THB', amount: 80n }],
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect(err).toMatchObject({ accountId: p, balance: 50n, needed: 80n });
    expect(await balanceOf(t.db, p)).toBe(50n);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses an unknown account or one of another agency and writes nothing', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const unknown = `unknown-${randomUUID()}`;
    await expect(
      t.db.transaction((tx) =>
        post(tx, {
          agencyId: t.agencyId,
          reference: unknown,
          kind: 'test',
          entries: [{ from: h, to: randomUUID(), currency: 'THB', amount: 1n }],
        }),
      ),
    ).rejects.toThrow(/unknown account/);
    const foreign = `foreign-${randomUUID()}`;
    await expect(
      t.db.transaction((tx) =>
        post(tx, { agencyId: randomUUID(), reference: foreign, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 1n }] }),
      ),
    ).rejects.toThrow();
    const rows = await t.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${unknown}, ${foreign})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await balanceOf(t.db, p)).toBe(0n);
  });

  it('has the database refuse a negative player balance even when the code is bypassed', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const txId = randomUUID();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`INSERT INTO ledger_transactions (id, agency_id, reference, kind) VALUES (${txId}, ${t.agencyId}, ${`raw-${txId}`}, 'raw')`,
        );
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, from_account_id, to_account_id, currency, amount) VALUES (${txId}, ${p}, ${h}, 'THB', 1)`,
        );
      }),
    ).rejects.toThrow();
    expect(await balanceOf(t.db, p)).toBe(0n);
  });

  it('has the database refuse an entry across currencies', async () => {
    const lak = await ensureAccount(t.db, { agencyId: t.agencyId, type: 'BANK_CLEARING', currency: 'LAK' });
    const h = await house();
    await expect(
      t.db.transaction((tx) =>
        post(tx, {
          agencyId: t.agencyId,
          reference: `x-${randomUUID()}`,
          kind: 'test',
          entries: [{ from: lak, to: h, currency: 'THB', amount: 1n }],
        }),
      ),
    ).rejects.toThrow();
  });

  it('is append-only: entries and transactions cannot be changed or deleted', async () => {
    await expect(t.db.execute(sql`UPDATE ledger_entries SET amount = amount + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM ledger_transactions`)).rejects.toThrow();
  });

  it('keeps every invariant under 50 concurrent debits of one player: exactly the affordable ones pass', async () => {
    const [p, h] = [await playerAccount(), await house()];
    await t.fund(h, p, 2_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        t.db.transaction((tx) =>
          post(tx, {
            agencyId: t.agencyId,
            reference: `debit-${p}-${i}`,
            kind: 'test',
            entries: [{ from: p, to: h, currency: 'THB', amount: 100n }],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(20);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(t.db, p)).toBe(0n);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('reports a cached balance that drifted from its entries', async () => {
    const p = await playerAccount();
    await t.db.execute(sql`UPDATE ledger_accounts SET balance = 7 WHERE id = ${p}`);
    const problems = await checkLedger(t.db);
    expect(problems.some((m) => m.includes(p))).toBe(true);
    await t.db.execute(sql`UPDATE ledger_accounts SET balance = 0 WHERE id = ${p}`);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
