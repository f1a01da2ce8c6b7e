import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DepositOrder } from '@app/contracts';
import { agencyBankConfig } from '../db/schema/index.js';
import { credentialsKey } from '../lib/credentials.js';
import { useDepositCallbacks } from '../modules/deposits/deposits.test-helpers.js';
import { registerPlayer } from '../test/players.js';
import { useScriptedHttp } from '../test/scripted-http.js';
import { BANK_ADAPTERS } from './adapters.js';
import { BankConfigMissingError, setBankProtocol } from './bank-gateways.js';
import { jdbSignedHash, type JdbCredentials } from './jdb-yes.js';

const { env, call, orderOf, settleAll } = useDepositCallbacks();
const app = () => env.ctx.app;
const jdb = useScriptedHttp();
// invented test values
const creds = (): JdbCredentials => ({
  baseUrl: jdb.url,
  partnerId: 'TESTPARTNER',
  clientId: 'TESTCLIENT',
  clientSecret: 'test-client-secret',
  signSecret: 'test-sign-secret-0001',
  merchantId: 'TESTMERCHANT01',
});
const EMV = '00020101021238670016A00526628466257701083217041802030020325TESTMERCHANT015204581653034185405690005802LA6304ABCD';
const deps = () => ({ key: credentialsKey(app().config), factories: BANK_ADAPTERS });
const jdbRow = () =>
  app()
    .db.select()
    .from(agencyBankConfig)
    .where(and(eq(agencyBankConfig.agencyId, env.agencyId()), eq(agencyBankConfig.bank, 'jdb')));

beforeAll(() => {
  jdb.otherwise('/autenticate', () => ({
    status: 200,
    body: { success: true, status: 'OK', data: { accessToken: 'tok', expiresIn: 999 } },
  }));
  jdb.otherwise('/generateQr', () => ({ status: 200, body: { success: true, status: 'OK', data: { mcid: 'M1', emv: EMV } } }));
  jdb.otherwise('/disableBillNumber', () => ({ status: 200, body: { success: true, status: 'OK', data: null } }));
});
beforeEach(async () => {
  await setBankProtocol(app().db, env.agencyId(), 'jdb', { protocol: 'jdb-yes', credentials: creds() }, deps());
  app().bankGateways.forget(env.agencyId());
});

describe('the adapter each agency chose per bank', () => {
  it('keeps the credentials encrypted, bound to their row; a value copied to another bank does not decrypt', async () => {
    const [row] = await jdbRow();
    expect(row).toMatchObject({ protocol: 'jdb-yes' });
    expect(row!.credentials).not.toContain('test-sign-secret');
    expect((await app().bankGateways.for(env.agencyId(), 'jdb')).protocol).toBe('jdb-yes');
    expect((await app().bankGateways.for(env.agencyId(), 'ldb')).protocol).toBe('sandbox');
    await app().db.execute(
      sql`UPDATE agency_bank_config SET protocol = 'jdb-yes', credentials = ${row!.credentials} WHERE agency_id = ${env.agencyId()} AND bank = 'ldb'`,
    );
    // read within the cache's 30 s: still what it was until forgotten
    expect((await app().bankGateways.for(env.agencyId(), 'ldb')).protocol).toBe('sandbox');
    app().bankGateways.forget(env.agencyId());
    await expect(app().bankGateways.for(env.agencyId(), 'ldb')).rejects.toThrow(/credentials unreadable/);
    await setBankProtocol(app().db, env.agencyId(), 'ldb', { protocol: 'sandbox' }, deps());
  });

  it('refuses credentials of the wrong shape and a bank the agency has not configured, writing nothing', async () => {
    await expect(
      setBankProtocol(app().db, env.agencyId(), 'jdb', { protocol: 'jdb-yes', credentials: { baseUrl: 'x' } }, deps()),
    ).rejects.toThrow();
    expect((await jdbRow())[0]!.credentials).not.toBeNull();
    await expect(
      setBankProtocol(app().db, '00000000-0000-4000-8000-000000000000', 'jdb', { protocol: 'sandbox' }, deps()),
    ).rejects.toBeInstanceOf(BankConfigMissingError);
  });

  it('takes a JDB deposit end to end: the bank QR shown, the signed webhook a hint, PAID on checkTransaction only', async () => {
    const p = await registerPlayer(app());
    const res = await call(p, 'POST', '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'jdb', amount: '69000' });
    expect(res.statusCode, res.body).toBe(201);
    const order = (res.json() as { order: DepositOrder }).order;
    expect(((await call(p, 'GET', `/v2/deposits/${order.id}/qr`)).json() as { payload: string }).payload).toBe(EMV);
    const [generated] = jdb.received.filter((r) => r.path === '/generateQr');
    const bill = (generated!.json as { billNumber: string }).billNumber;
    const paid = {
      refNo: '001MBQR260000009',
      billNumber: bill,
      txnAmount: 69000,
      txnDateTime: '2026-11-29 09:00:00',
      sourceAccount: '001',
      sourceName: 'TEST PAYER',
      sourceCurrency: 'LAK',
    };
    const webhook = (body: object, secret = creds().signSecret) => {
      const raw = JSON.stringify(body);
      return app().inject({
        method: 'POST',
        url: `/api/v2/payments/jdb-yes/${env.agencyId()}`,
        headers: { 'content-type': 'application/json', SignedHash: jdbSignedHash(secret, raw) },
        payload: raw,
      });
    };
    expect((await webhook(paid, 'another-secret-0000')).statusCode).toBe(401);
    // the notice says paid; the bank's status does not yet: nothing credited
    jdb.queue('/checkTransaction', { status: 200, body: { success: false, status: 'NOT_FOUND', message: 'not found' } });
    expect((await webhook(paid)).statusCode).toBe(202);
    jdb.otherwise('/checkTransaction', () => ({ status: 200, body: { success: true, status: 'OK', data: paid } }));
    await settleAll();
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
    expect((await webhook(paid)).json()).toEqual({ ok: true, status: 'SUCCESS' });
  });
});
