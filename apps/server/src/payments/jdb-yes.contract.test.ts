import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { useScriptedHttp } from '../test/scripted-http.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError, type BankGateway } from './bank-gateway.js';
import { createJdbYesGateway, jdbSignedHash, type JdbCredentials } from './jdb-yes.js';

// invented test values: no real partner, merchant, secret or host
const creds: JdbCredentials = {
  baseUrl: 'http://127.0.0.1:9',
  partnerId: 'TESTPARTNER',
  clientId: 'TESTCLIENT',
  clientSecret: 'test-client-secret',
  signSecret: 'test-sign-secret-0001',
  merchantId: 'TESTMERCHANT01',
  terminalId: 'T01',
  terminalLabel: 'Shop',
  mobileNo: '2055555555',
};
const BILL = 'D2611290001-0A1B2C3D4E';
const ok = (data: unknown) => ({
  status: 200,
  body: { timestamp: '2026-11-29 09:00:00.000', success: true, status: 'OK', message: 'SUCCESS', transactionId: '1', data },
});
const notFound = { status: 200, body: { success: false, status: 'NOT_FOUND', message: 'Transaction not found', data: null } };
const paid = (over: Record<string, unknown> = {}) => ({
  message: 'SUCCESS',
  refNo: '001MBQR260000001',
  exReferenceNo: 'EXREF1',
  merchantName: 'TEST SHOP',
  memo: 'Yes Pay',
  txnDateTime: '2026-11-29 16:15:18',
  txnAmount: 69000,
  billNumber: BILL,
  sourceAccount: '00120010010000001',
  sourceName: 'TEST PAYER',
  sourceCurrency: 'LAK',
  ...over,
});

const bank = useScriptedHttp();
let jdb: BankGateway;
let tokens = 0;

beforeEach(() => {
  tokens = 0;
  bank.otherwise('/autenticate', () => ok({ accessToken: `token-${++tokens}`, expiresIn: 999, tokenType: 'Bearer' }));
  jdb = createJdbYesGateway(
    { ...creds, baseUrl: bank.url },
    { agencyId: 'a', bank: 'jdb', timeoutMs: 300, publicUrl: 'http://127.0.0.1:9' },
  );
});

const calls = (path: string) => bank.received.filter((r) => r.path === path);

describe('jdb-yes requests, as the public client writes them', () => {
  it('signs the raw body: SignedHash = hex HMAC-SHA256 under the signing secret (worked example)', () => {
    const body = `{"requestId":"CHK1","billNumber":"${BILL}"}`;
    expect(jdbSignedHash('test-sign-secret-0001', body)).toBe('a127584cc4f390ecfe76560736fc2b37fae1cb3291a1bc98432780f80cc2e749');
  });

  it('authenticates once (POST /autenticate, clientScret), then generateQr with mechantId and answers the bank EMV', async () => {
    bank.queue('/generateQr', ok({ mcid: 'MCID1', emv: '00020101021238670016A005266284662577010832170418' }));
    const created = await jdb.createBill({ reference: BILL, amountLak: 69_000n, expiresAt: new Date(), payload: 'ours' });
    expect(created).toEqual({ qrPayload: '00020101021238670016A005266284662577010832170418', payUrl: null });
    const [auth] = calls('/autenticate');
    expect(auth!.json).toEqual({
      requestId: expect.stringMatching(/^AUTH\w{1,21}$/),
      partnerId: 'TESTPARTNER',
      clientId: 'TESTCLIENT',
      clientScret: 'test-client-secret',
    });
    expect(auth!.headers.authorization).toBeUndefined();
    const [qr] = calls('/generateQr');
    expect(Object.keys(qr!.json as object)).toEqual([
      'requestId',
      'partnerId',
      'mechantId',
      'txnAmount',
      'billNumber',
      'terminalId',
      'terminalLabel',
      'mobileNo',
    ]);
    expect(qr!.json).toMatchObject({
      partnerId: 'TESTPARTNER',
      mechantId: 'TESTMERCHANT01',
      txnAmount: 69000,
      billNumber: BILL,
      terminalId: 'T01',
      terminalLabel: 'Shop',
      mobileNo: '2055555555',
    });
    for (const r of [auth!, qr!]) {
      expect(r.method).toBe('POST');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers.signedhash).toBe(createHmac('sha256', creds.signSecret).update(r.raw).digest('hex'));
    }
    expect(qr!.headers.authorization).toBe('Bearer token-1');
  });

  it('asks checkTransaction by bill number: NOT_FOUND is unpaid; a paid answer gives refNo, amount, payer and Lao time', async () => {
    bank.queue('/checkTransaction', notFound, ok(paid()));
    expect(await jdb.status(BILL)).toEqual({ status: 'UNPAID', reference: BILL });
    expect(await jdb.status(BILL)).toEqual({
      status: 'PAID',
      reference: BILL,
      bankReference: '001MBQR260000001',
      amountLak: 69_000n,
      currency: 'LAK',
      paidAt: new Date('2026-11-29T09:15:18Z'),
      payer: { account: '00120010010000001', name: 'TEST PAYER' },
    });
    expect(calls('/checkTransaction').map((r) => Object.keys(r.json as object))).toEqual([
      ['requestId', 'billNumber'],
      ['requestId', 'billNumber'],
    ]);
    // one token served both calls
    expect(calls('/autenticate')).toHaveLength(1);
  });

  it('looks a payment up by its reference (checkTransactionByRef, bankCode JDB) and disables a bill (disableBillNumber)', async () => {
    bank.queue('/checkTransactionByRef', ok(paid()), notFound);
    bank.queue('/disableBillNumber', ok(null), notFound);
    expect(await jdb.payment('001MBQR260000001')).toMatchObject({ reference: BILL, bankReference: '001MBQR260000001', amountLak: 69_000n });
    expect(await jdb.payment('001MBQR26NOPE')).toBeNull();
    expect(calls('/checkTransactionByRef')[0]!.json).toEqual({
      requestId: expect.any(String),
      bankCode: 'JDB',
      partnerId: 'TESTPARTNER',
      reference: '001MBQR260000001',
    });
    await jdb.disableBill(BILL);
    await jdb.disableBill(BILL);
    expect(calls('/disableBillNumber')[0]!.json).toEqual({ requestId: expect.any(String), partnerId: 'TESTPARTNER', billNumber: BILL });
  });

  it('gives each request a fresh requestId of at most 25 characters', async () => {
    bank.queue('/checkTransaction', notFound, notFound);
    await jdb.status(BILL);
    await jdb.status(BILL);
    const ids = bank.received.map((r) => (r.json as { requestId: string }).requestId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(25);
  });
});

describe('jdb-yes answers', () => {
  it('refreshes the token once on a 401 and repeats the call; a second 401 is unavailable', async () => {
    bank.queue('/checkTransaction', { status: 401, body: { success: false, status: 'UNAUTHORIZED' } }, notFound);
    expect((await jdb.status(BILL)).status).toBe('UNPAID');
    expect(calls('/checkTransaction').map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    bank.queue('/checkTransaction', { status: 401, body: {} }, { status: 401, body: {} });
    await expect(jdb.status(BILL)).rejects.toThrow(/401 with a fresh token/);
    expect(tokens).toBe(3);
  });

  it('treats refused credentials, 5xx, garbage, a hung bank and a paid answer for another bill as unavailable', async () => {
    bank.queue('/autenticate', { status: 200, body: { success: false, status: 'FAILED', message: 'invalid client' } });
    await expect(jdb.status(BILL)).rejects.toBeInstanceOf(BankGatewayUnavailableError);
    for (const answer of [
      { status: 502, body: 'Bad Gateway' },
      { status: 200, body: '<html>' },
      ok(paid({ billNumber: 'OTHER' })),
      ok(paid({ txnAmount: 69000.5 })),
      'hang' as const,
    ]) {
      bank.queue('/checkTransaction', answer);
      await expect(jdb.status(BILL)).rejects.toBeInstanceOf(BankGatewayUnavailableError);
    }
  });

  it('reports a refused generateQr (a bill number used before) with the bank status', async () => {
    bank.queue('/generateQr', { status: 200, body: { success: false, status: 'DUPLICATE_BILL', message: 'billNumber already exists' } });
    const err = await jdb
      .createBill({ reference: BILL, amountLak: 69_000n, expiresAt: new Date(), payload: 'ours' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BankGatewayRefusedError);
    expect((err as BankGatewayRefusedError).code).toBe('DUPLICATE_BILL');
  });

  it('verifies a webhook notice by its SignedHash over the raw body, and refuses a forged one', () => {
    const raw = JSON.stringify(paid());
    const notice = jdb.verifyNotice!({ signedhash: jdbSignedHash(creds.signSecret, raw) }, raw);
    expect(notice).toEqual({ reference: BILL, bankReference: '001MBQR260000001', amountLak: 69_000n });
    expect(() => jdb.verifyNotice!({ signedhash: jdbSignedHash('another-secret-0000', raw) }, raw)).toThrow(/does not match/);
    expect(() => jdb.verifyNotice!({}, raw)).toThrow(/SignedHash is required/);
  });
});
