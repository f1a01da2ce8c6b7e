import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { makePromotion } from '../../promotions/promotions.test-helpers.js';
import { staffLogin } from '../../withdrawals/withdrawals.test-helpers.js';
import { createAgency as createAgencyAt } from '../../../test/agencies.js';
import { insertDeposit, insertPlayer, insertUsage, insertWithdrawal } from '../reports/reports.test-helpers.js';

let ctx: TestContext;
const app = () => ctx.app;
const HOST = 'dash.example';
const OTHER_HOST = 'dash-other.example';
/** 12:00 in Vientiane on 2026-03-10: the business day began at 2026-03-09T17:00Z */
const NOW = new Date('2026-03-10T05:00:00Z');
let agencyId = '';
let otherAgencyId = '';

const createAgency = (code: string, host: string) => createAgencyAt(app(), code, host);

const player = (agency: string, createdAt: string) => insertPlayer(app(), agency, createdAt);
const deposit = (agency: string, playerId: string, lak: number, paidAt: string | null) =>
  insertDeposit(app(), agency, playerId, { lak, paidAt });
const withdrawal = (agency: string, playerId: string, status: 'SUCCESS' | 'REJECTED' | 'OPEN', lak: number, at: string) =>
  insertWithdrawal(app(), agency, playerId, { status, lak, at });

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  agencyId = await createAgency('dash', HOST);
  otherAgencyId = await createAgency('dashother', OTHER_HOST);
  // two players the day before (one at 23:59 of it), one today, one long ago
  const early = await player(agencyId, '2026-01-01T00:00:00Z');
  const late = await player(agencyId, '2026-03-09T16:59:00Z');
  await player(agencyId, '2026-03-09T17:00:00Z');
  const other = await player(otherAgencyId, '2026-03-10T01:00:00Z');
  // the business day's boundary: 23:59 the day before, 00:01 today (Vientiane)
  const paidYesterday = await deposit(agencyId, early, 100_000, '2026-03-09T16:59:00Z');
  const paidToday = await deposit(agencyId, late, 250_000, '2026-03-09T17:01:00Z');
  await deposit(agencyId, late, 70_000, null);
  // the first day shown begins at 2026-02-23T17:00Z; a minute before is out of range
  await deposit(agencyId, early, 40_000, '2026-02-23T16:59:00Z');
  await deposit(agencyId, early, 30_000, '2026-02-23T17:00:00Z');
  await deposit(otherAgencyId, other, 999_000, '2026-03-10T02:00:00Z');
  await withdrawal(agencyId, early, 'SUCCESS', 50_000, '2026-03-10T01:00:00Z');
  await withdrawal(agencyId, early, 'REJECTED', 60_000, '2026-03-10T01:30:00Z');
  await withdrawal(agencyId, late, 'OPEN', 70_000, '2026-03-08T03:00:00Z');
  const promotion = await makePromotion(app(), agencyId, { bonus: { kind: 'FIXED', amount: '20' } });
  // 20.00 THB with the deposit sold at 690: 13,800 kip of bonus cost, taken from the day's net
  await insertUsage(app(), agencyId, early, {
    promotionId: promotion.id,
    depositId: paidToday,
    bonus: 2_000,
    usedAt: '2026-03-09T17:30:00Z',
  });
  // a bonus the provider voided went back to the promotion account: not a cost
  await insertUsage(app(), agencyId, late, {
    promotionId: promotion.id,
    depositId: paidYesterday,
    bonus: 5_000,
    usedAt: '2026-03-09T18:00:00Z',
    voided: true,
  });
}, 120_000);
afterAll(async () => ctx?.close());

describe('the dashboard', () => {
  it("counts each figure on the agency's business day, the boundary at Vientiane midnight", async () => {
    const figures = await app().services.dashboard.figures(agencyId, NOW);
    expect(figures.today).toBe('2026-03-10');
    expect(figures.days.map((d) => d.day)).toHaveLength(15);
    expect(figures.days[0]).toEqual({
      day: '2026-02-24',
      deposits: { count: 1, amount: '30000' },
      withdrawalsPaid: { count: 0, amount: '0' },
      bonusCost: '0.00',
      bonusCostLak: '0',
      newPlayers: 0,
      net: '30000',
    });
    expect(figures.days[13]).toEqual({
      day: '2026-03-09',
      deposits: { count: 1, amount: '100000' },
      withdrawalsPaid: { count: 0, amount: '0' },
      bonusCost: '0.00',
      bonusCostLak: '0',
      newPlayers: 1,
      net: '100000',
    });
    expect(figures.days[14]).toEqual({
      day: '2026-03-10',
      deposits: { count: 1, amount: '250000' },
      withdrawalsPaid: { count: 1, amount: '50000' },
      bonusCost: '20.00',
      bonusCostLak: '13800',
      newPlayers: 1,
      net: '186200',
    });
    const quiet = figures.days.slice(1, 13);
    expect(quiet.every((d) => d.deposits.count === 0 && d.newPlayers === 0 && d.net === '0')).toBe(true);
    expect(figures.queues.withdrawalsOpen).toEqual({ count: 1, oldestAt: '2026-03-08T03:00:00.000Z' });
  });

  it('answers owner and finance, refuses support (403) and nobody (401), and shows each agency its own', async () => {
    const get = (cookie: string, host = HOST) => app().inject({ url: '/api/v2/backoffice/dashboard', headers: { host, cookie } });
    for (const role of ['owner', 'finance'] as const) {
      const staff = await staffLogin(app(), agencyId, role, HOST);
      const res = await get(staff.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().days).toHaveLength(15);
      expect(res.json().queues.withdrawalsOpen.count).toBe(1);
    }
    const support = await staffLogin(app(), agencyId, 'support', HOST);
    expect([(await get(support.cookie)).statusCode, (await get(support.cookie)).json().error.code]).toEqual([403, 'STAFF_FORBIDDEN']);
    expect((await get('')).statusCode).toBe(401);
    const stranger = await staffLogin(app(), otherAgencyId, 'owner', OTHER_HOST);
    // another agency's staff on this agency's host is nobody here; on its own host it sees its own figures only
    expect((await get(stranger.cookie)).statusCode).toBe(401);
    const own = (await get(stranger.cookie, OTHER_HOST)).json();
    expect(own.queues.withdrawalsOpen.count).toBe(0);
    expect(own.days.some((d: { deposits: { amount: string } }) => d.deposits.amount === '250000')).toBe(false);
  });
});
