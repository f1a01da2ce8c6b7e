import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, withdrawals } from '../../db/schema/index.js';
import { registerPlayer } from '../../test/players.js';
import { RULES_OFF, setRiskRules } from '../../test/risk-rules.js';
import { staffLogin } from '../../test/staff.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { vientianeDay, vientianeDayStart, addDays } from '../shared/business-day.js';
import { addBankAccount, cancelWithdrawal, decide, fundCredit, withdraw } from './withdrawals.test-helpers.js';

// the server's clock, moved by the tests of the Lao day's edges (decision 161)
let clock: (() => Date) | null = null;
const env = useServerAndSandbox({}, { now: () => (clock ? clock() : new Date()) });
const app = () => env.ctx.app;

afterEach(async () => {
  clock = null;
  await setRiskRules(app(), env.agencyId(), RULES_OFF);
});

async function player(credit = 100_000n) {
  const p = await registerPlayer(app());
  await addBankAccount(app(), p);
  await fundCredit(app(), env.agencyId(), p, 'gclub', credit);
  return p;
}

async function paidOut(p: Awaited<ReturnType<typeof player>>, amount: string, finance: { cookie: string }) {
  const res = await withdraw(app(), p, { providerId: 'gclub', amount });
  expect(res.json().withdrawal?.status, res.body).toBe('OPEN');
  const id = res.json().withdrawal.id as string;
  const ok = await decide(app(), finance, id, 'approve', { bankReference: `REF-${id}` });
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

describe('daily withdrawal caps (decision 161)', () => {
  it('only the owner sets them, each change audited; null is off', async () => {
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const current = await app().inject({
      url: '/api/v2/backoffice/agency/settings',
      headers: { host: 'localhost', cookie: finance.cookie },
    });
    expect(current.statusCode).toBe(403);
    const owner = await setRiskRules(app(), env.agencyId(), { withdrawDailyMaxCount: 3, withdrawDailyMaxThb: '1000' });
    const read = await app().inject({ url: '/api/v2/backoffice/agency/settings', headers: { host: 'localhost', cookie: owner.cookie } });
    expect(read.json().settings).toMatchObject({ withdrawDailyMaxCount: 3, withdrawDailyMaxThb: '1000', depositReviewOverLak: null });
    const audit = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.staffUsername, owner.username), eq(auditLog.action, 'agency.settings')));
    expect(audit.at(-1)!.after).toMatchObject({ settings: { withdrawDailyMaxCount: 3, withdrawDailyMaxThb: '1000' } });
    const bad = await app().inject({
      method: 'PUT',
      url: '/api/v2/backoffice/agency/settings',
      headers: { host: 'localhost', cookie: owner.cookie },
      payload: { settings: { ...read.json().settings, withdrawDailyMaxCount: 0, withdrawDailyMaxThb: '-5' }, social: read.json().social },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['settings.withdrawDailyMaxCount', 'settings.withdrawDailyMaxThb']),
    );
  });

  it('refuses the withdrawal past the count of the Lao day, naming the limit; rejected and canceled ones do not count', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawDailyMaxCount: 2 });
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const p = await player();
    await paidOut(p, '100', finance);
    // a rejected and a canceled withdrawal gave the credit back: they do not count
    const rejected = (await withdraw(app(), p, { providerId: 'gclub', amount: '100' })).json().withdrawal.id;
    expect((await decide(app(), finance, rejected, 'reject', { reason: 'no' })).statusCode).toBe(200);
    await app().worker.drain({ skipBackoff: true });
    const canceled = (await withdraw(app(), p, { providerId: 'gclub', amount: '100' })).json().withdrawal.id;
    expect((await cancelWithdrawal(app(), p, canceled)).statusCode).toBe(200);
    await app().worker.drain({ skipBackoff: true });
    await paidOut(p, '100', finance);
    const refused = await withdraw(app(), p, { providerId: 'gclub', amount: '100' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'WITHDRAWAL_DAILY_COUNT_REACHED', fields: { limit: '2', left: '0' } });
    // nothing was taken from the provider for the refusal
    expect(await env.expectAgreement(p)).toBe(80_000n);
  });

  it('refuses an amount past the THB of the day, saying what is left; the rest of it passes', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawDailyMaxThb: '500' });
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const p = await player();
    await paidOut(p, '300', finance);
    const refused = await withdraw(app(), p, { providerId: 'gclub', amount: '250' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'WITHDRAWAL_DAILY_AMOUNT_REACHED', fields: { limit: '500.00', left: '200.00' } });
    expect((await withdraw(app(), p, { providerId: 'gclub', amount: '200' })).json().withdrawal.status).toBe('OPEN');
  });

  it('counts the Lao day: still the same day at 23:59 in Vientiane, a new one at 00:00', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawDailyMaxCount: 1 });
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const p = await player();
    const first = await paidOut(p, '100', finance);
    // the next Lao midnight; the paid withdrawal made at 00:30 the day before it (Vientiane)
    const midnight = vientianeDayStart(addDays(vientianeDay(), 1)).getTime();
    await app()
      .db.update(withdrawals)
      .set({ createdAt: new Date(midnight - 86_400_000 + 30 * 60_000) })
      .where(eq(withdrawals.id, first));
    clock = () => new Date(midnight - 60_000);
    const late = await withdraw(app(), p, { providerId: 'gclub', amount: '100' });
    expect(late.json().error?.code, late.body).toBe('WITHDRAWAL_DAILY_COUNT_REACHED');
    clock = () => new Date(midnight + 1_000);
    const next = await withdraw(app(), p, { providerId: 'gclub', amount: '100' });
    expect(next.json().withdrawal?.status, next.body).toBe('OPEN');
  });

  it('two racing requests never pass the cap together', async () => {
    await setRiskRules(app(), env.agencyId(), { withdrawDailyMaxThb: '150' });
    const p = await player();
    const answers = await Promise.all([
      withdraw(app(), p, { providerId: 'gclub', amount: '100' }),
      withdraw(app(), p, { providerId: 'gclub', amount: '100' }),
    ]);
    const made = answers.filter((r) => r.statusCode === 201 || r.statusCode === 200);
    expect(made, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    const refused = answers.find((r) => !made.includes(r))!;
    expect(['WITHDRAWAL_DAILY_AMOUNT_REACHED', 'WITHDRAW_OPEN_ORDER_EXISTS']).toContain(refused.json().error.code);
    const rows = await app().db.select().from(withdrawals).where(eq(withdrawals.playerId, p.playerId));
    expect(rows).toHaveLength(1);
  });
});
