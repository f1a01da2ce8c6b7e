import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAgency } from '../../../test/agencies.js';
import { makePromotion } from '../../promotions/promotions.test-helpers.js';
import { staffLogin } from '../../withdrawals/withdrawals.test-helpers.js';
import { reportRange } from './reports.service.js';
import { playersCsv } from './reports.csv.js';
import { insertDeposit, insertPlayer, insertUsage, insertWithdrawal } from './reports.test-helpers.js';

let ctx: TestContext;
const app = () => ctx.app;
const HOST = 'reports.example';
const OTHER_HOST = 'reports-other.example';
/** 12:00 in Vientiane on 2026-03-10 */
const NOW = new Date('2026-03-10T05:00:00Z');
const RANGE = 'from=2026-03-01&to=2026-03-10';
let agencyId = '';
let otherAgencyId = '';
const ids: Record<string, string> = {};

/*
 * The agency's March 1–10 (Vientiane), by hand:
 *   alice: 100,000 kip (gclub, 144.92 THB) + 69,000 (alphabet, 100.00 THB at 689.75) + 30,000 at 00:00 on
 *          March 1 (gclub, 43.47 THB); paid 68,000 kip for 100.00 THB; bonus 20.00 THB on the first
 *          (× 690 = 13,800 kip) and 3.33 on the second (× 689.75 = 2,296.8675, rounded up: 2,297)
 *          → net 199,000 − 68,000 − 16,097 = 114,903
 *   bob:   250,000 kip (gclub, 362.31 THB); its 50.00 THB bonus voided by the provider → net 250,000
 *   dave:  paid 20,000 kip for 30.00 THB (gclub) → net −20,000
 * Out of it: a deposit at 23:59 on February 28, one never paid, a withdrawal rejected and one open, and
 * the other agency's 999,000 kip deposit and paid withdrawal.
 */
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  agencyId = await createAgency(app(), 'reports', HOST);
  otherAgencyId = await createAgency(app(), 'reportsother', OTHER_HOST);
  const a = app();
  for (const name of ['alice', 'bob', 'dave']) ids[name] = await insertPlayer(a, agencyId, '2026-01-01T00:00:00Z', name);
  const carol = await insertPlayer(a, otherAgencyId, '2026-01-01T00:00:00Z', 'carol');
  const promotion = await makePromotion(a, agencyId, { bonus: { kind: 'FIXED', amount: '20' } });
  const d1 = await insertDeposit(a, agencyId, ids.alice!, { lak: 100_000, credit: 14_492, paidAt: '2026-03-05T03:00:00Z' });
  const d3 = await insertDeposit(a, agencyId, ids.alice!, {
    provider: 'alphabet',
    lak: 69_000,
    credit: 10_000,
    sellRate: '689.75',
    paidAt: '2026-03-09T17:30:00Z',
  });
  await insertDeposit(a, agencyId, ids.alice!, { lak: 30_000, credit: 4_347, paidAt: '2026-02-28T17:00:00Z' });
  await insertDeposit(a, agencyId, ids.alice!, { lak: 40_000, paidAt: '2026-02-28T16:59:00Z' });
  const d2 = await insertDeposit(a, agencyId, ids.bob!, { lak: 250_000, credit: 36_231, paidAt: '2026-03-09T17:01:00Z' });
  await insertDeposit(a, agencyId, ids.bob!, { lak: 70_000, paidAt: null });
  await insertUsage(a, agencyId, ids.alice!, { promotionId: promotion.id, depositId: d1, bonus: 2_000, usedAt: '2026-03-05T03:00:00Z' });
  await insertUsage(a, agencyId, ids.alice!, {
    promotionId: promotion.id,
    depositId: d3,
    provider: 'alphabet',
    bonus: 333,
    usedAt: '2026-03-09T17:30:00Z',
  });
  await insertUsage(a, agencyId, ids.bob!, {
    promotionId: promotion.id,
    depositId: d2,
    bonus: 5_000,
    usedAt: '2026-03-09T17:01:00Z',
    voided: true,
  });
  await insertWithdrawal(a, agencyId, ids.alice!, { status: 'SUCCESS', lak: 68_000, credit: 10_000, at: '2026-03-06T03:00:00Z' });
  await insertWithdrawal(a, agencyId, ids.dave!, { status: 'SUCCESS', lak: 20_000, credit: 3_000, at: '2026-03-07T03:00:00Z' });
  await insertWithdrawal(a, agencyId, ids.bob!, { status: 'REJECTED', lak: 60_000, at: '2026-03-07T03:00:00Z' });
  await insertWithdrawal(a, agencyId, ids.bob!, { status: 'OPEN', lak: 70_000, at: '2026-03-08T03:00:00Z' });
  await insertDeposit(a, otherAgencyId, carol, { lak: 999_000, paidAt: '2026-03-05T03:00:00Z' });
  await insertWithdrawal(a, otherAgencyId, carol, { status: 'SUCCESS', lak: 11_000, at: '2026-03-05T04:00:00Z' });
}, 120_000);
afterAll(async () => ctx?.close());

const get = (cookie: string, url: string, host = HOST) =>
  app().inject({ url: `/api/v2/backoffice/reports/${url}`, headers: { host, cookie } });
const figures = (dep: [number, string, string], wd: [number, string, string], bonus: [string, string], net: string) => ({
  deposits: { count: dep[0], amountLak: dep[1], creditThb: dep[2] },
  withdrawals: { count: wd[0], creditThb: wd[1], amountLak: wd[2] },
  bonus: { thb: bonus[0], lak: bonus[1] },
  net,
});

describe('the provider report', () => {
  it('sums each provider over the Vientiane days, bonus in kip at its deposit’s rate, net after bonus', async () => {
    const owner = await staffLogin(app(), agencyId, 'owner', HOST);
    const res = await get(owner.cookie, `providers?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      rows: [
        { providerId: 'alphabet', ...figures([1, '69000', '100.00'], [0, '0.00', '0'], ['3.33', '2297'], '66703') },
        { providerId: 'gclub', ...figures([3, '380000', '550.70'], [2, '130.00', '88000'], ['20.00', '13800'], '278200') },
      ],
      total: figures([4, '449000', '650.70'], [2, '130.00', '88000'], ['23.33', '16097'], '344903'),
    });
  });

  it('is the dashboard’s net: the same days give the same sum', async () => {
    const dashboard = await app().services.dashboard.figures(agencyId, NOW);
    const march = dashboard.days.filter((d) => d.day >= '2026-03-01');
    expect(march.reduce((sum, d) => sum + BigInt(d.net), 0n)).toBe(344_903n);
    const owner = await staffLogin(app(), agencyId, 'owner', HOST);
    const today = (await get(owner.cookie, 'providers?from=2026-03-10&to=2026-03-10')).json();
    expect(today.total.net).toBe(dashboard.days.at(-1)!.net);
    expect(today.total.net).toBe('316703');
  });
});

describe('the player report', () => {
  it('lists players by net, keyset-paged both ways, searched by username, linked by id', async () => {
    const finance = await staffLogin(app(), agencyId, 'finance', HOST);
    const first = (await get(finance.cookie, `players?${RANGE}&limit=2`)).json();
    expect(first.items.map((r: { username: string; net: string }) => [r.username, r.net])).toEqual([
      ['bob', '250000'],
      ['alice', '114903'],
    ]);
    expect(first.items[1]).toMatchObject({
      playerId: ids.alice,
      ...figures([3, '199000', '288.39'], [1, '100.00', '68000'], ['23.33', '16097'], '114903'),
    });
    const second = (await get(finance.cookie, `players?${RANGE}&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((r: { username: string; net: string }) => [r.username, r.net])).toEqual([['dave', '-20000']]);
    expect(second.nextCursor).toBeNull();
    const asc = (await get(finance.cookie, `players?${RANGE}&sort=net_asc&limit=1`)).json();
    expect(asc.items[0].username).toBe('dave');
    const after = (await get(finance.cookie, `players?${RANGE}&sort=net_asc&limit=1&cursor=${asc.nextCursor}`)).json();
    expect(after.items[0].username).toBe('alice');
    const found = (await get(finance.cookie, `players?${RANGE}&q=ALI`)).json();
    expect(found.items.map((r: { username: string }) => r.username)).toEqual(['alice']);
    expect((await get(finance.cookie, `players?${RANGE}&q=${encodeURIComponent('%')}`)).json().items).toEqual([]);
    const bad = await get(finance.cookie, `players?${RANGE}&cursor=nonsense`);
    expect([bad.statusCode, bad.json().error.fields]).toEqual([400, { cursor: 'backoffice.validation.cursor' }]);
  });
});

describe('ranges, roles and agencies', () => {
  it('takes 1 to 366 Vientiane days, this month by default; refuses the rest by rule', async () => {
    const owner = await staffLogin(app(), agencyId, 'owner', HOST);
    expect((await get(owner.cookie, 'providers?from=2026-03-01&to=2027-03-01')).statusCode).toBe(200);
    for (const [query, field, key] of [
      ['from=2026-03-01&to=2027-03-02', 'to', 'backoffice.validation.report_range'],
      ['from=2026-03-10&to=2026-03-09', 'to', 'backoffice.validation.report_range'],
      ['from=2026-02-30&to=2026-03-09', 'from', 'backoffice.validation.date'],
      ['from=yesterday&to=2026-03-09', 'from', 'backoffice.validation.date'],
    ] as const) {
      for (const kind of ['providers', 'players', 'providers.csv', 'players.csv']) {
        const res = await get(owner.cookie, `${kind}?${query}`);
        expect([kind, query, res.statusCode, res.json().error.fields?.[field]]).toEqual([kind, query, 400, key]);
      }
    }
    const byDefault = (await get(owner.cookie, 'providers')).json();
    const range = reportRange({});
    expect([byDefault.from, byDefault.to]).toEqual([range.from, range.to]);
    expect(range.from.endsWith('-01')).toBe(true);
    expect(reportRange({}, NOW)).toMatchObject({ from: '2026-03-01', to: '2026-03-10', days: 10 });
  });

  it('answers owner and finance; support 403, nobody 401; another agency sees only its own', async () => {
    const support = await staffLogin(app(), agencyId, 'support', HOST);
    for (const kind of ['providers', 'players', 'providers.csv', 'players.csv']) {
      const res = await get(support.cookie, `${kind}?${RANGE}`);
      expect([kind, res.statusCode, res.json().error.code]).toEqual([kind, 403, 'STAFF_FORBIDDEN']);
      expect((await get('', `${kind}?${RANGE}`)).statusCode).toBe(401);
    }
    const stranger = await staffLogin(app(), otherAgencyId, 'owner', OTHER_HOST);
    expect((await get(stranger.cookie, `providers?${RANGE}`)).statusCode).toBe(401);
    const own = (await get(stranger.cookie, `providers?${RANGE}`, OTHER_HOST)).json();
    expect(own.total).toEqual(figures([1, '999000', '1.00'], [1, '100.00', '11000'], ['0.00', '0'], '988000'));
    const players = (await get(stranger.cookie, `players?${RANGE}`, OTHER_HOST)).json();
    expect(players.items.map((r: { username: string }) => r.username)).toEqual(['carol']);
    // this agency's players are not found from there
    expect((await get(stranger.cookie, `players?${RANGE}&q=alice`, OTHER_HOST)).json().items).toEqual([]);
  });
});

describe('the CSV of each report', () => {
  it('has the screen’s columns, the days in Vientiane time said in the header, a BOM, and is audited', async () => {
    const finance = await staffLogin(app(), agencyId, 'finance', HOST);
    const res = await get(finance.cookie, `providers.csv?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report-providers-2026-03-01-2026-03-10.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'from (Vientiane UTC+07:00),to (Vientiane UTC+07:00),provider,deposits,deposits_lak,deposits_credit_thb,withdrawals,' +
        'withdrawals_credit_thb,withdrawals_lak,bonus_thb,bonus_lak,net_lak',
      '2026-03-01,2026-03-10,alphabet,1,69000,100.00,0,0.00,0,3.33,2297,66703',
      '2026-03-01,2026-03-10,gclub,3,380000,550.70,2,130.00,88000,20.00,13800,278200',
      '2026-03-01,2026-03-10,TOTAL,4,449000,650.70,2,130.00,88000,23.33,16097,344903',
    ]);
    const players = await get(finance.cookie, `players.csv?${RANGE}&sort=net_asc`);
    const lines = players.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^from \(Vientiane UTC\+07:00\),to \(Vientiane UTC\+07:00\),player,display_name,deposits,/);
    // a negative net stays a number for the accountant (a plain decimal is no formula)
    expect(lines.slice(1)).toEqual([
      '2026-03-01,2026-03-10,dave,Player dave,0,0,0.00,1,30.00,20000,0.00,0,-20000',
      '2026-03-01,2026-03-10,alice,Player alice,3,199000,288.39,1,100.00,68000,23.33,16097,114903',
      '2026-03-01,2026-03-10,bob,Player bob,1,250000,362.31,0,0.00,0,0.00,0,250000',
    ]);
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.staffUsername, finance.username));
    expect(audit.map((a) => [a.action, a.after])).toEqual(
      expect.arrayContaining([
        ['export.report_providers', { from: '2026-03-01', to: '2026-03-10' }],
        ['export.report_players', { from: '2026-03-01', to: '2026-03-10' }],
      ]),
    );
  });

  it('reads the players in batches by keyset, every player once', async () => {
    const range = reportRange({ from: '2026-03-01', to: '2026-03-10' });
    let text = '';
    for await (const chunk of playersCsv(app().db, agencyId, range, { q: '', sort: 'net_desc' }, 1)) text += chunk;
    expect(
      text
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[2]),
    ).toEqual(['bob', 'alice', 'dave']);
  });
});
