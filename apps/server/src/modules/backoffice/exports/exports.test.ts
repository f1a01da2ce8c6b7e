import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, depositOrders } from '../../../db/schema/index.js';
import { registerPlayer } from '../../../test/players.js';
import { useDepositCallbacks } from '../../deposits/deposits.test-helpers.js';
import { staffLogin } from '../../withdrawals/withdrawals.test-helpers.js';
import { addDays, vientianeDay, vientianeDayStart } from '../../shared/business-day.js';
import { csvCell, csvLine } from './exports.csv.js';
import { depositsCsv, withdrawalsCsv } from './exports.query.js';

const { env, openDeposit } = useDepositCallbacks();

describe('CSV cells', () => {
  it('defuses formulas and quotes what needs quoting', () => {
    expect(['=1+1', '+66', '-3+cmd', '@SUM(A1)', '\tx', '\rx', 'ສົມໃຈ', 'a,b', 'say "hi"', 'two\nlines', null].map(csvCell)).toEqual([
      "'=1+1",
      "'+66",
      "'-3+cmd",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      'ສົມໃຈ',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '',
    ]);
    expect(csvLine(['a', '=b'])).toBe("a,'=b\r\n");
    // a negative amount stays a number in the spreadsheet (a report's net)
    expect(['-20000', '-1.50', '-1e3', '-1.'].map(csvCell)).toEqual(['-20000', '-1.50', "'-1e3", "'-1."]);
  });
});

describe('exports', () => {
  const get = (cookie: string, url: string) =>
    env.ctx.app.inject({ url: `/api/v2/backoffice/exports/${url}`, headers: { host: 'localhost', cookie } });

  it('streams the range as CSV with a BOM, for owner and finance, audited; support 403; bad ranges 400', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order } = await openDeposit(p, '45000');
    // a hostile mid would be a formula in Excel
    await env.ctx.app.db.update(depositOrders).set({ transactionCode: '=HYPERLINK("x")' }).where(eq(depositOrders.id, order.id));
    const finance = await staffLogin(env.ctx.app, env.agencyId(), 'finance');
    const today = vientianeDay();
    const res = await get(finance.cookie, `deposits.csv?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="deposits-${today}-${today}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^created_at \(Vientiane UTC\+07:00\),code,player,/);
    // Vientiane's wall clock, not UTC: the order was created seconds ago
    const [createdAt] = lines.find((l) => l.includes(p.username))!.split(',');
    expect(Math.abs(Date.parse(`${createdAt!.replace(' ', 'T')}+07:00`) - Date.now())).toBeLessThan(120_000);
    const mine = lines.find((l) => l.includes(p.username))!;
    expect(mine).toContain(`"'=HYPERLINK(""x"")",${p.username},gclub,bcel,45000,`);
    const audit = await env.ctx.app.db.select().from(auditLog).where(eq(auditLog.staffUsername, finance.username));
    expect(audit.map((a) => [a.action, a.after])).toContainEqual(['export.deposits', { from: today, to: today }]);
    expect((await get(finance.cookie, `withdrawals.csv?from=${today}&to=${today}`)).statusCode).toBe(200);
    const support = await staffLogin(env.ctx.app, env.agencyId(), 'support');
    expect((await get(support.cookie, `deposits.csv?from=${today}&to=${today}`)).statusCode).toBe(403);
    for (const q of ['from=2026-01-01&to=2026-02-02', 'from=2026-02-01&to=2026-01-31', 'from=2026-02-30&to=2026-03-01', 'from=x&to=y']) {
      const bad = await get(finance.cookie, `deposits.csv?${q}`);
      expect([q, bad.statusCode, bad.json().error.code]).toEqual([q, 400, 'VALIDATION_FAILED']);
    }
    // 32 days, a month and a day, is the most
    expect((await get(finance.cookie, 'deposits.csv?from=2026-01-01&to=2026-02-01')).statusCode).toBe(200);
  });
});

describe('the keyset streamer', () => {
  const collect = async (lines: AsyncIterable<string>) => {
    let all = '';
    for await (const chunk of lines) all += chunk;
    return all
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('reads batch after batch across their boundaries: every row once, oldest first, the same lines whatever the batch', async () => {
    // one open deposit per player: five players, one each, opened one after the other
    const names: string[] = [];
    for (const amount of ['30000', '30001', '30002', '30003', '30004']) {
      const p = await registerPlayer(env.ctx.app);
      await openDeposit(p, amount);
      names.push(p.username);
    }
    const today = vientianeDay();
    const range = { agencyId: env.agencyId(), from: vientianeDayStart(today), to: vientianeDayStart(addDays(today, 1)) };
    const whole = await collect(depositsCsv(env.ctx.app.db, range));
    const mine = (lines: string[]) => lines.filter((l) => names.some((n) => l.includes(`,${n},`)));
    expect(mine(whole)).toHaveLength(5);
    for (const batch of [1, 2, 4]) expect(await collect(depositsCsv(env.ctx.app.db, range, batch)), `batch ${batch}`).toEqual(whole);
    // oldest first: the amounts in the order they were opened
    expect(mine(whole).map((l) => l.split(',')[5])).toEqual(['30000', '30001', '30002', '30003', '30004']);
    expect((await collect(withdrawalsCsv(env.ctx.app.db, range, 1)))[0]).toMatch(
      /^created_at \(Vientiane UTC\+07:00\),code,player,provider,credit_thb,/,
    );
  });
});
