import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkLedger } from './check.js';
import { balanceOf, InsufficientFundsError, postMany } from './ledger.js';
import { useLedgerDatabase } from './ledger.test-helpers.js';

const t = useLedgerDatabase();
const { playerAccount, house } = t;

describe('ledger: lists of transactions in one call', () => {
  it('posts a list in order, in one call: a later transaction may spend what an earlier one brought', async () => {
    const [p, q, h] = [await playerAccount(), await playerAccount(), await house()];
    const [a, b, c] = [`a-${randomUUID()}`, `b-${randomUUID()}`, `c-${randomUUID()}`];
    const results = await t.db.transaction((tx) =>
      postMany(tx, [
        { agencyId: t.agencyId, reference: a, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 300n }] },
        {
          agencyId: t.agencyId,
          reference: b,
          kind: 'test',
          entries: [{ from: p, to: q, currency: 'THB', amount: 200n }],
          metadata: { why: 'it has "quotes", {braces} and, commas' },
        },
        { agencyId: t.agencyId, reference: a, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 300n }] },
        {
          agencyId: t.agencyId,
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
    expect(await balanceOf(t.db, p)).toBe(0n);
    expect(await balanceOf(t.db, q)).toBe(150n);
    const again = await t.db.transaction((tx) =>
      postMany(tx, [{ agencyId: t.agencyId, reference: b, kind: 'test', entries: [{ from: p, to: q, currency: 'THB', amount: 200n }] }]),
    );
    expect(again).toEqual([{ transactionId: results[1]!.transactionId, duplicate: true }]);
    const meta = await t.db.execute(sql`SELECT metadata->>'why' AS why FROM ledger_transactions WHERE reference = ${b}`);
    expect((meta as unknown as { rows: { why: string }[] }).rows[0]!.why).toBe('it has "quotes", {braces} and, commas');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("refuses a whole list when one of its transactions would take a player below zero, with that one's figures", async () => {
    const [p, q, h] = [await playerAccount(), await playerAccount(), await house()];
    const refs = [`ok-${randomUUID()}`, `short-${randomUUID()}`];
    const err = await t.db
      .transaction((tx) =>
        postMany(tx, [
          { agencyId: t.agencyId, reference: refs[0]!, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 40n }] },
          // as if posted after the first: p has 40 then, and this needs 70
          { agencyId: t.agencyId, reference: refs[1]!, kind: 'test', entries: [{ from: p, to: q, currency: 'THB', amount: 70n }] },
        ]),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect(err).toMatchObject({ accountId: p, balance: 40n, needed: 70n });
    const rows = await t.db.execute(sql`SELECT 1 FROM ledger_transactions WHERE reference IN (${refs[0]!}, ${refs[1]!})`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect(await balanceOf(t.db, p)).toBe(0n);
  });

  it('refuses a whole list in which one transaction is of another agency than its accounts', async () => {
    const [p, h] = [await playerAccount(), await house()];
    const ref = `mixed-${randomUUID()}`;
    await expect(
      t.db.transaction((tx) =>
        postMany(tx, [
          {
            agencyId: t.agencyId,
            reference: `fine-${randomUUID()}`,
            kind: 'test',
            entries: [{ from: h, to: p, currency: 'THB', amount: 1n }],
          },
          { agencyId: randomUUID(), reference: ref, kind: 'test', entries: [{ from: h, to: p, currency: 'THB', amount: 1n }] },
        ]),
      ),
    ).rejects.toThrow();
    expect(await balanceOf(t.db, p)).toBe(0n);
  });
});
