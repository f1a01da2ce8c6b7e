import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, ledgerAccounts, withdrawals } from '../../db/schema/index.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { decide, staffLogin, openWithdrawal as openWithdrawalAt } from './withdrawals.test-helpers.js';
import { createAgency as createAgencyAt } from '../../test/agencies.js';

const env = useServerAndSandbox({});
const { agencyId } = env;

const openWithdrawal = (amount = '250') => openWithdrawalAt(env.ctx.app, agencyId(), amount);

async function balanceOf(type: 'WITHDRAWALS_PAYABLE' | 'BANK_CLEARING', currency: 'THB' | 'LAK') {
  const rows = await env.ctx.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.type, type));
  return rows.filter((r) => r.currency === currency && r.agencyId === agencyId()).reduce((s, r) => s + r.balance, 0n);
}

const createAgency = (code: string, host: string) => createAgencyAt(env.ctx.app, code, host);

const queue = (cookie: string, host = 'localhost') =>
  env.ctx.app.inject({ url: '/api/v2/backoffice/withdrawals?status=OPEN', headers: { host, cookie } });

describe('approve and reject', () => {
  it('approve: SUCCESS with the bank reference, the kip paid out in the ledger, audited; only once, a repeat answered alike', async () => {
    const { player, id } = await openWithdrawal('250');
    const payableBefore = await balanceOf('WITHDRAWALS_PAYABLE', 'THB');
    const clearingBefore = await balanceOf('BANK_CLEARING', 'LAK');
    const finance = await staffLogin(env.ctx.app, agencyId(), 'finance');
    const answers = await Promise.all([
      decide(env.ctx.app, finance, id, 'approve', { bankReference: 'BCEL-000123' }),
      decide(env.ctx.app, finance, id, 'approve', { bankReference: 'BCEL-000123' }),
      decide(env.ctx.app, finance, id, 'reject', { reason: 'late' }),
    ]);
    const won = answers.filter((r) => r.statusCode === 200);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(r.json().error.code).toBe('ORDER_NOT_OPEN');
    const w = won[0]!.json().withdrawal;
    // the same approval twice (a double click) answers the same twice; the other decision is refused
    expect(won).toHaveLength(w.status === 'SUCCESS' ? 2 : 1);
    for (const r of won) expect(r.json()).toEqual(won[0]!.json());
    if (w.status === 'SUCCESS') {
      expect(w).toMatchObject({ bankReference: 'BCEL-000123', amountReceived: '160000', playerUsername: player.username });
      // the player's own order carries it too, behind its history row
      const own = await env.ctx.app.inject({ url: `/api/v2/withdrawals/${id}`, headers: { host: 'localhost', cookie: player.cookie } });
      expect(own.json().withdrawal).toMatchObject({ status: 'SUCCESS', bankReference: 'BCEL-000123', amountReceived: '160000' });
      expect(await balanceOf('WITHDRAWALS_PAYABLE', 'THB')).toBe(payableBefore - 25_000n);
      expect(await balanceOf('BANK_CLEARING', 'LAK')).toBe(clearingBefore + 160_000n);
      expect(await env.expectAgreement(player)).toBe(35_000n);
    } else {
      await env.ctx.app.worker.drain({ skipBackoff: true });
      expect(await env.expectAgreement(player)).toBe(60_000n);
    }
    const audit = await env.ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffUsername: finance.username, entityType: 'withdrawal', before: { status: 'OPEN' } });
    await expect(env.ctx.app.db.execute(sql`UPDATE audit_log SET action = 'x' WHERE id = ${audit[0]!.id}`)).rejects.toThrow();
    await expect(env.ctx.app.db.execute(sql`DELETE FROM audit_log WHERE id = ${audit[0]!.id}`)).rejects.toThrow();
  });

  it("books a promotion plan's parts on approval: the cap's excess and the bonus to the promotion account (DESIGN.md §8)", async () => {
    const { player, id } = await openWithdrawal('400');
    // the promotions issue's rules would have planned this; the order row is where the plan lives
    await env.ctx.app.db
      .update(withdrawals)
      .set({ creditReceived: 30_000n, creditReturned: 6_000n, promoCredit: 4_000n, amountLak: 192_000n })
      .where(eq(withdrawals.id, id));
    const expense = async () =>
      (await env.ctx.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.type, 'PROMOTION_EXPENSE'))).reduce(
        (s, r) => s + r.balance,
        0n,
      );
    const payableBefore = await balanceOf('WITHDRAWALS_PAYABLE', 'THB');
    const expenseBefore = await expense();
    const owner = await staffLogin(env.ctx.app, agencyId(), 'owner');
    const res = await decide(env.ctx.app, owner, id, 'approve', { bankReference: `PLAN-${id}` });
    expect(res.json().withdrawal).toMatchObject({
      status: 'SUCCESS',
      creditReceived: '300.00',
      creditReturned: '60.00',
      promoCredit: '40.00',
      totalCredit: '400.00',
    });
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await balanceOf('WITHDRAWALS_PAYABLE', 'THB')).toBe(payableBefore - 40_000n);
    expect(await expense()).toBe(expenseBefore + 10_000n);
    // 600.00 funded, 400.00 taken; the cap's excess is the house's, not given back to the provider
    expect(await env.expectAgreement(player)).toBe(20_000n);
    const [row] = await env.ctx.app.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row!.returnStatus).toBeNull();
  });

  it('refuses a bank reference that already paid another withdrawal', async () => {
    const owner = await staffLogin(env.ctx.app, agencyId(), 'owner');
    const a = await openWithdrawal();
    const b = await openWithdrawal();
    expect((await decide(env.ctx.app, owner, a.id, 'approve', { bankReference: 'JDB-777' })).statusCode).toBe(200);
    const res = await decide(env.ctx.app, owner, b.id, 'approve', { bankReference: 'JDB-777' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'WITHDRAW_BANK_REFERENCE_USED']);
    const blank = await decide(env.ctx.app, owner, b.id, 'approve', { bankReference: '  ' });
    expect(blank.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('reject: REJECTED with the reason, the credit back at the provider exactly once under repeats answered alike', async () => {
    const { player, id } = await openWithdrawal('300');
    expect(await env.expectAgreement(player)).toBe(30_000n);
    const owner = await staffLogin(env.ctx.app, agencyId(), 'owner');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => decide(env.ctx.app, owner, id, 'reject', { reason: 'name does not match' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // each answers the withdrawal as it stands: the credit's return may have settled in between (updatedAt)
    const decided = (r: (typeof answers)[number]) => ({ ...r.json().withdrawal, updatedAt: null });
    for (const r of answers) expect(decided(r)).toEqual(decided(answers[0]!));
    expect((await decide(env.ctx.app, owner, id, 'reject', { reason: 'again' })).json().error.code).toBe('ORDER_NOT_OPEN');
    expect((await decide(env.ctx.app, owner, id, 'approve', { bankReference: 'BCEL-LATE' })).json().error.code).toBe('ORDER_NOT_OPEN');
    expect(await env.ctx.app.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(1);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(player)).toBe(60_000n);
    const history = await env.ctx.app.inject({ url: '/api/v2/withdrawals', headers: { host: 'localhost', cookie: player.cookie } });
    expect(history.json().items[0]).toMatchObject({ id, status: 'REJECTED', rejectReason: 'name does not match' });
  });

  it("staff of another agency get 404 for this agency's withdrawal", async () => {
    const { id } = await openWithdrawal();
    const other = await createAgency('second', 'second.example');
    const stranger = await staffLogin(env.ctx.app, other, 'owner', 'second.example');
    const res = await decide(env.ctx.app, stranger, id, 'approve', { bankReference: 'LDB-1' }, 'second.example');
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await queue(stranger.cookie, 'second.example')).json().items).toEqual([]);
    // their cookie on this agency's host is nobody
    expect((await queue(stranger.cookie)).statusCode).toBe(401);
  });
});
