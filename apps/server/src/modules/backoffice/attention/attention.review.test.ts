import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toMinor, type AttentionItem } from '@app/contracts';
import { auditLog } from '../../../db/schema/index.js';
import { payLaoQr } from '../../../test/bank.js';
import { registerPlayer, type TestPlayer } from '../../../test/players.js';
import { RULES_OFF, setRiskRules } from '../../../test/risk-rules.js';
import { staffCalls } from '../../../test/staff.js';
import { createAgency } from '../../../test/agencies.js';
import { useDepositCallbacks } from '../../deposits/deposits.test-helpers.js';
import { staffLogin } from '../../withdrawals/withdrawals.test-helpers.js';

const { env, call, openDeposit, orderOf, paidPostings, count, settleAll, transfersOf } = useDepositCallbacks();
const app = () => env.ctx.app;
const { get, post } = staffCalls(app);

afterEach(() => setRiskRules(app(), env.agencyId(), RULES_OFF));

/** a deposit of `amount` kip paid at the bank and confirmed by the player's check */
async function paidDeposit(amount: string): Promise<{ p: TestPlayer; id: string; creditThb: string }> {
  const p = await registerPlayer(app());
  const { order, payload } = await openDeposit(p, amount);
  await payLaoQr(env.sandbox.url, payload);
  await call(p, 'POST', `/v2/deposits/${order.id}/check`);
  await settleAll();
  return { p, id: order.id, creditThb: order.credit };
}

const refunds = (id: string) => count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`deposit:${id}:refund`}`);

describe('a large deposit held for review (decision 162)', () => {
  it('under the amount, or with the rule off: credited as before', async () => {
    const { p, id } = await paidDeposit('150000');
    expect((await orderOf(p, id)).status).toBe('SUCCESS');
    await setRiskRules(app(), env.agencyId(), { depositReviewOverLak: '150000' });
    const under = await paidDeposit('150000');
    expect((await orderOf(under.p, under.id)).status).toBe('SUCCESS');
  });

  it('over the amount: the kip booked, no credit sent; the player sees it waiting; staff approve it once, the credit arrives', async () => {
    await setRiskRules(app(), env.agencyId(), { depositReviewOverLak: '150000' });
    const { p, id, creditThb } = await paidDeposit('200000');
    expect((await orderOf(p, id)).status).toBe('REVIEW');
    expect(await paidPostings(id)).toBe(1);
    expect(await transfersOf(id)).toBe(0);
    expect((await env.sandbox.providerBalance('gclub', p.playerId)) ?? 0n).toBe(0n);
    const [a, b] = [await staffLogin(app(), env.agencyId(), 'finance'), await staffLogin(app(), env.agencyId(), 'owner')];
    const listed = (await get(a, '/deposits/attention?kind=DEPOSIT_REVIEW')).json().items as AttentionItem[];
    expect(listed.find((i) => i.id === id)).toMatchObject({
      kind: 'DEPOSIT_REVIEW',
      playerUsername: p.username,
      amountLak: '200000',
      creditThb,
    });
    expect((await get(a, '/deposits/attention/summary')).json().DEPOSIT_REVIEW.count).toBeGreaterThanOrEqual(1);
    // two staff at once and a repeat: one transfer
    const answers = await Promise.all([post(a, `/deposits/${id}/review/approve`), post(b, `/deposits/${id}/review/approve`)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await post(a, `/deposits/${id}/review/approve`)).statusCode).toBe(200);
    await settleAll();
    expect(await transfersOf(id)).toBe(1);
    expect(await paidPostings(id)).toBe(1);
    expect((await orderOf(p, id)).status).toBe('SUCCESS');
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(toMinor(creditThb, 'THB'));
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((r) => r.action)).toEqual(['deposit.review_approve']);
    // decided: a reject now is refused, and it has left the list
    const late = await post(a, `/deposits/${id}/review/reject`, { bankReference: 'RF-LATE', reason: 'late' });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'DEPOSIT_NOT_IN_REVIEW']);
    expect(((await get(a, '/deposits/attention?kind=DEPOSIT_REVIEW')).json().items as AttentionItem[]).map((i) => i.id)).not.toContain(id);
  });

  it('rejected: the kip refunded through the ledger once, the player sees it rejected, no credit ever sent', async () => {
    await setRiskRules(app(), env.agencyId(), { depositReviewOverLak: '150000' });
    const { p, id } = await paidDeposit('300000');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const body = { bankReference: `RF-${id}`, reason: 'payer is not the account holder' };
    const answers = await Promise.all([
      post(finance, `/deposits/${id}/review/reject`, body),
      post(finance, `/deposits/${id}/review/reject`, body),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await refunds(id)).toBe(1);
    expect((await orderOf(p, id)).status).toBe('REJECTED');
    const approve = await post(finance, `/deposits/${id}/review/approve`);
    expect([approve.statusCode, approve.json().error.code]).toEqual([409, 'DEPOSIT_NOT_IN_REVIEW']);
    await settleAll();
    expect(await transfersOf(id)).toBe(0);
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((r) => [r.action, r.after])).toEqual([
      ['deposit.review_reject', expect.objectContaining({ status: 'REJECTED', refundReference: `RF-${id}`, amountLak: '300000' })],
    ]);
  });

  it('money roles of the agency only; a malformed body is refused', async () => {
    await setRiskRules(app(), env.agencyId(), { depositReviewOverLak: '150000' });
    const { p, id } = await paidDeposit('200000');
    const support = await staffLogin(app(), env.agencyId(), 'support');
    for (const res of [
      await get(support, '/deposits/attention?kind=DEPOSIT_REVIEW'),
      await post(support, `/deposits/${id}/review/approve`),
    ])
      expect([res.statusCode, res.json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
    expect((await post(p, `/deposits/${id}/review/approve`)).statusCode).toBe(401);
    const code = `r${Date.now().toString(36)}`;
    const otherAgency = await createAgency(app(), code, `${code}.example`);
    const stranger = await staffLogin(app(), otherAgency, 'owner', `${code}.example`);
    const theirs = await post(stranger, `/deposits/${id}/review/approve`, undefined, `${code}.example`);
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const bad = await post(finance, `/deposits/${id}/review/reject`, { bankReference: '', reason: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect((await orderOf(p, id)).status).toBe('REVIEW');
    expect(await transfersOf(id)).toBe(0);
  });
});
