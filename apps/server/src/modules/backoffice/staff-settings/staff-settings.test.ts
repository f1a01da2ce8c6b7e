import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseLaoQr } from '@app/contracts';
import { auditLog } from '../../../db/schema/index.js';
import { registerPlayer } from '../../../test/players.js';
import { useServerAndSandbox } from '../../../test/server-and-sandbox.js';
import { addBankAccount, staffLogin } from '../../withdrawals/withdrawals.test-helpers.js';
import { as, openDeposit } from '../../promotions/promotions.test-helpers.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false' });
const app = () => env.ctx.app;

const call = (staff: { cookie: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app().inject({
    method,
    url: `/api/v2/backoffice${url}`,
    headers: { host: 'localhost', cookie: staff.cookie },
    ...(payload ? { payload } : {}),
  });

async function lak(staff: { cookie: string }) {
  const res = await call(staff, 'GET', '/currencies');
  return res.json().currencies.find((c: { code: string }) => c.code === 'LAK') as { id: string; buyRate: string; sellRate: string };
}

describe('currencies and rates', () => {
  it('finance changes buy and sell; the history and the audit row are written with it; a deposit uses the new rate', async () => {
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const before = await lak(finance);
    const res = await call(finance, 'PUT', `/currencies/${before.id}`, { buyRate: '650.5', sellRate: '700', isEnabled: true });
    expect(res.json().currency).toMatchObject({ buyRate: '650.5', sellRate: '700' });
    const history = await call(finance, 'GET', `/currencies/${before.id}/history?limit=1`);
    expect(history.json().items[0]).toMatchObject({
      buyRate: '650.5',
      sellRate: '700',
      previousBuyRate: before.buyRate,
      previousSellRate: before.sellRate,
      staffUsername: finance.username,
    });
    const audit = await app().db.select().from(auditLog).where(eq(auditLog.entityId, before.id));
    expect(audit.at(-1)).toMatchObject({ action: 'currency.update', after: { buyRate: '650.5', sellRate: '700' } });
    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    const deposit = await openDeposit(app(), player, 70_000);
    expect(deposit.json().order).toMatchObject({ rate: '700', credit: '100.00' });
    await as(app(), player, 'POST', `/v2/deposits/${deposit.json().order.id}/cancel`);
    // put the demo rates back for the other tests of this file
    await call(finance, 'PUT', `/currencies/${before.id}`, { buyRate: before.buyRate, sellRate: before.sellRate, isEnabled: true });
    const pages = await call(finance, 'GET', `/currencies/${before.id}/history?limit=1`);
    const next = await call(finance, 'GET', `/currencies/${before.id}/history?limit=1&cursor=${pages.json().nextCursor}`);
    expect(next.json().items[0].sellRate).toBe('700');
  });

  it('refuses a buy rate above the sell rate, zero, and nonsense; support may not read rates', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const { id } = await lak(owner);
    const tries: [object, Record<string, string>][] = [
      [{ buyRate: '700', sellRate: '690', isEnabled: true }, { buyRate: 'rate.buy_above_sell' }],
      [{ buyRate: '0', sellRate: '690', isEnabled: true }, { buyRate: 'rate.positive' }],
      [{ buyRate: '640', sellRate: '6e2', isEnabled: true }, { sellRate: 'rate.invalid' }],
      [{ buyRate: '640', sellRate: '99999999', isEnabled: true }, { sellRate: 'rate.too_large' }],
    ];
    for (const [body, fields] of tries) {
      const res = await call(owner, 'PUT', `/currencies/${id}`, body);
      expect([res.statusCode, res.json().error.fields]).toEqual([400, fields]);
    }
    const support = await staffLogin(app(), env.agencyId(), 'support');
    expect((await call(support, 'GET', '/currencies')).statusCode).toBe(403);
  });
});

describe('the rate guard (issue #35 defect 1)', () => {
  const actions = async (id: string) => (await app().db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);

  it('a change beyond the bound waits: the rate stays, the author may not approve it, a second staff user applies it', async () => {
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const before = await lak(finance);
    // the slip: 640/700 typed as 6.4/7
    const asked = await call(finance, 'PUT', `/currencies/${before.id}`, { buyRate: '6.4', sellRate: '7', isEnabled: true });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().currency).toMatchObject({
      buyRate: before.buyRate,
      sellRate: before.sellRate,
      pending: { buyRate: '6.4', sellRate: '7', previousSellRate: before.sellRate, requestedBy: finance.username },
    });
    const listed = (await call(owner, 'GET', '/currencies')).json();
    expect(listed.rateChangeBoundPercent).toBe(10);
    expect((await lak(owner)).sellRate).toBe(before.sellRate);
    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    const deposit = await openDeposit(app(), player, 20_000);
    expect(deposit.json().order.rate).toBe(before.sellRate);
    await as(app(), player, 'POST', `/v2/deposits/${deposit.json().order.id}/cancel`);

    const self = await call(finance, 'POST', `/currencies/${before.id}/pending/approve`);
    expect([self.statusCode, self.json().error.code]).toEqual([409, 'RATE_APPROVAL_BY_OTHER']);
    const approved = await call(owner, 'POST', `/currencies/${before.id}/pending/approve`);
    expect(approved.json().currency).toMatchObject({ buyRate: '6.4', sellRate: '7', pending: null });
    const history = await call(owner, 'GET', `/currencies/${before.id}/history?limit=1`);
    expect(history.json().items[0]).toMatchObject({ sellRate: '7', previousSellRate: before.sellRate, staffUsername: owner.username });
    expect((await actions(before.id)).slice(-2)).toEqual(['currency.rate_request', 'currency.rate_approve']);

    // back to the demo rates: beyond the bound again, asked by the owner, approved by finance
    await call(owner, 'PUT', `/currencies/${before.id}`, { buyRate: before.buyRate, sellRate: before.sellRate, isEnabled: true });
    const back = await call(finance, 'POST', `/currencies/${before.id}/pending/approve`);
    expect(back.json().currency).toMatchObject({ buyRate: before.buyRate, sellRate: before.sellRate });
  });

  it('a change within the bound applies at once; a waiting change is refused, or goes stale when the rates moved', async () => {
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const before = await lak(finance);
    const far = { buyRate: before.buyRate, sellRate: String(Number(before.sellRate) * 2), isEnabled: true };
    await call(finance, 'PUT', `/currencies/${before.id}`, far);
    const refused = await call(finance, 'POST', `/currencies/${before.id}/pending/reject`);
    expect(refused.json().currency).toMatchObject({ sellRate: before.sellRate, pending: null });
    expect((await call(owner, 'POST', `/currencies/${before.id}/pending/approve`)).statusCode).toBe(404);
    expect((await actions(before.id)).slice(-2)).toEqual(['currency.rate_request', 'currency.rate_reject']);

    await call(finance, 'PUT', `/currencies/${before.id}`, far);
    const near = String(Number(before.sellRate) + 1);
    const applied = await call(finance, 'PUT', `/currencies/${before.id}`, { ...far, sellRate: near });
    expect(applied.json().currency).toMatchObject({ sellRate: near, pending: { sellRate: far.sellRate } });
    const stale = await call(owner, 'POST', `/currencies/${before.id}/pending/approve`);
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'RATE_REQUEST_STALE']);
    await call(owner, 'POST', `/currencies/${before.id}/pending/reject`);
    await call(owner, 'PUT', `/currencies/${before.id}`, { buyRate: before.buyRate, sellRate: before.sellRate, isEnabled: true });
    expect(await lak(owner)).toMatchObject({ sellRate: before.sellRate, pending: null });
  });
});

describe('agency settings (owner)', () => {
  it('changes the bounds and social links, validated; finance gets 403', async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const current = (await call(owner, 'GET', '/agency/settings')).json();
    expect((await call(finance, 'GET', '/agency/settings')).statusCode).toBe(403);
    const bad = await call(owner, 'PUT', '/agency/settings', {
      settings: { ...current.settings, depositMinLak: '60000000', passwordMin: 4 },
      social: { ...current.social, telegram: 'javascript:alert(1)' },
    });
    expect(bad.json().error.fields).toEqual({
      'settings.passwordMin': 'settings.too_small',
      'settings.depositMaxLak': 'settings.max_below_min',
      'social.telegram': 'settings.link_https',
    });
    const ok = await call(owner, 'PUT', '/agency/settings', {
      settings: { ...current.settings, depositMinLak: '30000' },
      social: { ...current.social, line: '' },
    });
    expect(ok.statusCode).toBe(200);
    const info = await app().inject({ url: '/api/v2/agency/info', headers: { host: 'localhost' } });
    expect(info.json().agency).toMatchObject({ limits: { depositMinLak: '30000' }, social: { line: '' } });
    await call(owner, 'PUT', '/agency/settings', { settings: current.settings, social: current.social });
  });

  it("changes one bank's LAO QR merchant settings only when the QR still builds, and new QR codes carry them", async () => {
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const refused = await call(owner, 'PUT', '/agency/bank-config/kasikam', {
      iin: null,
      merchantId: 'KB-1',
      mcc: '5816',
      merchantName: 'Lao Credit',
      city: 'Vientiane',
    });
    expect(refused.json().error.fields).toEqual({ iin: 'settings.qr.iin_required' });
    const mcc = await call(owner, 'PUT', '/agency/bank-config/bcel', {
      iin: null,
      merchantId: 'M',
      mcc: '58',
      merchantName: 'x',
      city: 'y',
    });
    expect(mcc.json().error.fields).toEqual({ mcc: 'settings.qr.mcc' });
    const ok = await call(owner, 'PUT', '/agency/bank-config/bcel', {
      iin: null,
      merchantId: 'BCEL-NEW-42',
      mcc: '5999',
      merchantName: 'Lao Credit Demo',
      city: 'Vientiane',
    });
    expect(ok.json().bankConfig).toMatchObject({ bank: 'bcel', merchantId: 'BCEL-NEW-42', publishedIin: '27710418' });
    const player = await registerPlayer(app());
    await addBankAccount(app(), player);
    const deposit = await openDeposit(app(), player, 50_000);
    const qr = await as(app(), player, 'GET', `/v2/deposits/${deposit.json().order.id}/qr`);
    expect(parseLaoQr(qr.json().payload)).toMatchObject({ merchantId: 'BCEL-NEW-42', mcc: '5999', iin: '27710418' });
  });
});
