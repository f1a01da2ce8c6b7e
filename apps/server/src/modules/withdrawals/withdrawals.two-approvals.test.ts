import { afterEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, ledgerTransactions } from '../../db/schema/index.js';
import { RULES_OFF, setRiskRules } from '../../test/risk-rules.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { decide, openWithdrawal, staffLogin } from './withdrawals.test-helpers.js';

const env = useServerAndSandbox({});
const app = () => env.ctx.app;

afterEach(() => setRiskRules(app(), env.agencyId(), RULES_OFF));

const paidPostings = async (id: string) =>
  (
    await app()
      .db.select()
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.reference, [`withdraw:${id}:paid:lak`, `withdraw:${id}:paid:thb`]))
  ).length;
const auditOf = (id: string) => app().db.select().from(auditLog).where(eq(auditLog.entityId, id));

describe('a withdrawal over the amount needs two staff users (decision 163)', () => {
  it('under the amount: one approval pays, as before', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawTwoApprovalsOverThb: '300' });
    const { id } = await openWithdrawal(app(), env.agencyId(), '300');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const res = await decide(app(), finance, id, 'approve', { bankReference: `R-${id}` });
    expect(res.json().withdrawal).toMatchObject({ status: 'SUCCESS', twoApprovals: false, firstApproval: null });
  });

  it('the first approval waits for a second, different user with the same bank reference; then paid once', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawTwoApprovalsOverThb: '300' });
    const { player, id } = await openWithdrawal(app(), env.agencyId(), '400');
    const [a, b] = [await staffLogin(app(), env.agencyId(), 'finance'), await staffLogin(app(), env.agencyId(), 'owner')];
    const first = await decide(app(), a, id, 'approve', { bankReference: 'BIG-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().withdrawal).toMatchObject({ status: 'OPEN', twoApprovals: true, firstApproval: { staffUsername: a.username } });
    expect(await paidPostings(id)).toBe(0);
    // the queue shows who approved first
    const queue = await app().inject({
      url: '/api/v2/backoffice/withdrawals?status=OPEN',
      headers: { host: 'localhost', cookie: b.cookie },
    });
    expect(queue.json().items.find((w: { id: string }) => w.id === id)).toMatchObject({ firstApproval: { staffUsername: a.username } });
    // the same user again: refused, whatever the reference
    const again = await decide(app(), a, id, 'approve', { bankReference: 'BIG-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'WITHDRAWAL_APPROVAL_BY_OTHER', fields: { firstApprovedBy: a.username } });
    // a second user naming another payment: refused
    const differs = await decide(app(), b, id, 'approve', { bankReference: 'BIG-2' });
    expect(differs.json().error?.code).toBe('WITHDRAWAL_APPROVAL_REFERENCE_DIFFERS');
    const second = await decide(app(), b, id, 'approve', { bankReference: 'BIG-1' });
    expect(second.json().withdrawal).toMatchObject({
      status: 'SUCCESS',
      bankReference: 'BIG-1',
      decidedBy: expect.any(String),
      firstApproval: null,
    });
    expect(await paidPostings(id)).toBe(2);
    expect(await env.expectAgreement(player)).toBe(20_000n);
    const audit = await auditOf(id);
    expect(audit.map((r) => [r.action, r.staffUsername]).sort()).toEqual(
      [
        ['withdrawal.approve', b.username],
        ['withdrawal.first_approve', a.username],
      ].sort(),
    );
    // the second approval repeated (a double click) answers it as it stands
    const repeat = await decide(app(), b, id, 'approve', { bankReference: 'BIG-1' });
    expect(repeat.json().withdrawal.status).toBe('SUCCESS');
    expect(await paidPostings(id)).toBe(2);
  });

  it('two staff approving at once: one approval each, paid once', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawTwoApprovalsOverThb: '300' });
    const { player, id } = await openWithdrawal(app(), env.agencyId(), '400');
    const [a, b] = [await staffLogin(app(), env.agencyId(), 'finance'), await staffLogin(app(), env.agencyId(), 'finance')];
    const answers = await Promise.all([
      decide(app(), a, id, 'approve', { bankReference: 'RACE-1' }),
      decide(app(), b, id, 'approve', { bankReference: 'RACE-1' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().withdrawal.status).sort()).toEqual(['OPEN', 'SUCCESS']);
    expect(await paidPostings(id)).toBe(2);
    expect(await env.expectAgreement(player)).toBe(20_000n);
    const audit = await auditOf(id);
    expect(new Set(audit.map((r) => r.staffUsername))).toEqual(new Set([a.username, b.username]));
  });

  it('one user approving twice at once: one first approval, the other refused, nothing paid', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawTwoApprovalsOverThb: '300' });
    const { id } = await openWithdrawal(app(), env.agencyId(), '400');
    const a = await staffLogin(app(), env.agencyId(), 'finance');
    const answers = await Promise.all([
      decide(app(), a, id, 'approve', { bankReference: 'SELF-1' }),
      decide(app(), a, id, 'approve', { bankReference: 'SELF-1' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await paidPostings(id)).toBe(0);
  });

  it("another staff member's reject after the first approval rejects: the credit back, nothing paid", async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawTwoApprovalsOverThb: '300' });
    const { player, id } = await openWithdrawal(app(), env.agencyId(), '400');
    const [a, b] = [await staffLogin(app(), env.agencyId(), 'finance'), await staffLogin(app(), env.agencyId(), 'owner')];
    await decide(app(), a, id, 'approve', { bankReference: 'REJ-1' });
    const rejected = await decide(app(), b, id, 'reject', { reason: 'account looks wrong' });
    expect(rejected.json().withdrawal).toMatchObject({ status: 'REJECTED', firstApproval: null });
    await app().worker.drain({ skipBackoff: true });
    expect(await paidPostings(id)).toBe(0);
    expect(await env.expectAgreement(player)).toBe(60_000n);
    const late = await decide(app(), b, id, 'approve', { bankReference: 'REJ-1' });
    expect(late.json().error?.code).toBe('ORDER_NOT_OPEN');
  });

  it('the rule as it stood when the player asked: a later change of the amount does not move a waiting withdrawal', async () => {
    const { id } = await openWithdrawal(app(), env.agencyId(), '400');
    await setRiskRules(app(), env.agencyId(), { withdrawTwoApprovalsOverThb: '300' });
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const res = await decide(app(), finance, id, 'approve', { bankReference: `LATE-${id}` });
    expect(res.json().withdrawal).toMatchObject({ status: 'SUCCESS', twoApprovals: false });
    const rows = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'withdrawal.first_approve')));
    expect(rows).toHaveLength(0);
  });
});
