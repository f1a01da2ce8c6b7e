import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScriptedHttp } from '../test/scripted-http.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError, type BankGateway } from './bank-gateway.js';
import { createLvbOpenApiGateway, lvbSecureCode, type LvbCredentials } from './lvb-openapi.js';

// invented test values: no real service, merchant, key or host
const creds: LvbCredentials = {
  baseUrl: 'http://127.0.0.1:9',
  serviceId: '055999',
  merchantId: '055999_1',
  merchantName: 'Demo Shop',
  username: '055999_1',
  password: 'test-password',
  privateKey: 'lvb-private-key-test',
};
const BILL = 'D2611290001-0A1B2C3D4E';
const PROVIDER = '/v1/api/provider';
const EMV = '00020101021238510016A00526628466257701087005041802030020308055999_15204581653034185405690005802LA';

const bank = useScriptedHttp();
let lvb: BankGateway;
let tokens = 0;

/** The QR answer as the bank signs it. */
function qrAnswer(over: Record<string, string | null> = {}) {
  const a: Record<string, string | null> = {
    Service_Id: creds.serviceId,
    Merchant_Id: creds.merchantId,
    Trandate: '261129',
    Trans_Id: BILL,
    Response_Code: '000',
    Response_TxnCode: null,
    List: null,
    Redirect_Url: EMV,
    ...over,
  };
  return { ...a, Secure_Code: lvbSecureCode(creds.privateKey, Object.values(a)) };
}
const bill = (over: Record<string, unknown> = {}) => ({
  bill_id: BILL,
  bill_amount: '69000',
  bill_curr: 'LAK',
  bill_info: 'D2611290001',
  payer_id: '',
  payer_name: 'TEST PAYER',
  paying_acc: '010001200100001',
  pay_amount: '69000',
  charge_amount: null,
  vendor_acc: '0100012000001',
  state: 'SUCCESS',
  lvb_error_code: null,
  lvb_error_desc: null,
  seq: 'LVB2611290000001',
  pay_date: '20261129161518',
  vendor_error_code: null,
  vendor_error_desc: null,
  ...over,
});
const listed = (...data: unknown[]) => ({ status: 200, body: { header: { status: '000', message: 'Success' }, data } });

beforeEach(() => {
  tokens = 0;
  bank.otherwise(PROVIDER, (r) =>
    (r.json as Record<string, unknown>).username
      ? { status: 200, body: { Response_Code: '000', token: `token-${++tokens}`, expire_date: '20991231235959' } }
      : { status: 404, body: {} },
  );
  lvb = createLvbOpenApiGateway(
    { ...creds, baseUrl: bank.url },
    { agencyId: 'agency-1', bank: 'lvb', timeoutMs: 300, publicUrl: 'http://127.0.0.1:9' },
  );
});
afterEach(() => vi.useRealTimers());

const sent = (path: string) => bank.received.filter((r) => r.path === path).map((r) => r.json as Record<string, string>);

describe('lvb-openapi requests, as the public client writes them', () => {
  it('computes Secure_Code as MD5 of the private key and the values, |-joined (worked example)', () => {
    const values = [
      '055999',
      '055999_1',
      'Demo Shop',
      '261129',
      BILL,
      'D2611290001',
      '69000',
      'LAK',
      '',
      '',
      '',
      '809',
      '',
      '',
      '261129',
      'http://127.0.0.1:9/cb',
    ];
    expect(lvbSecureCode('lvb-private-key-test', values)).toBe('55ba755ca570f66e593c22836f30f3d4');
  });

  it('logs in, then asks a QR (type 809, Custmer_Id as the API spells it) and answers the EMV of Redirect_Url', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T01:00:00Z'));
    bank.queue(
      PROVIDER,
      { status: 200, body: { Response_Code: '000', token: 'token-a', expire_date: '20991231235959' } },
      { status: 200, body: qrAnswer() },
    );
    const created = await lvb.createBill({
      reference: BILL,
      amountLak: 69_000n,
      expiresAt: new Date(),
      payload: 'ours',
      description: 'D2611290001',
      callbackUrl: 'http://127.0.0.1:9/cb',
    });
    expect(created).toEqual({ qrPayload: EMV, payUrl: null });
    const [login, qr] = sent(PROVIDER);
    expect(login).toEqual({
      username: '055999_1',
      password: 'test-password',
      create_date: '20261129080000',
      secure_code: lvbSecureCode(creds.privateKey, ['055999_1', 'test-password', '20261129080000']),
    });
    expect(Object.keys(qr!)).toEqual([
      'Service_Id',
      'Merchant_Id',
      'Merchant_Name',
      'Trandate',
      'Trans_Id',
      'Trans_Desc',
      'Amount',
      'Curr',
      'Payer_Id',
      'Payer_Name',
      'Payer_Addr',
      'Type',
      'Custmer_Id',
      'Customer_Name',
      'IssueDate',
      'Callback_URL',
      'Secure_Code',
    ]);
    expect(qr).toMatchObject({
      Trandate: '261129',
      IssueDate: '261129',
      Amount: '69000',
      Curr: 'LAK',
      Type: '809',
      Secure_Code: '55ba755ca570f66e593c22836f30f3d4',
    });
    expect(bank.received[1]!.headers.authorization).toBe('Bearer token-a');
  });

  it('reads a bill by id and lists payments by state and Lao dates', async () => {
    bank.queue(`${PROVIDER}/transaction/${BILL}`, listed(bill()));
    expect(await lvb.status(BILL)).toEqual({
      status: 'PAID',
      reference: BILL,
      bankReference: 'LVB2611290000001',
      amountLak: 69_000n,
      currency: 'LAK',
      paidAt: new Date('2026-11-29T09:15:18Z'),
      payer: { account: '010001200100001', name: 'TEST PAYER' },
    });
    expect(sent(`${PROVIDER}/transaction/${BILL}`)).toEqual([{ bill_id: BILL, secure_code: lvbSecureCode(creds.privateKey, [BILL]) }]);
    bank.queue(PROVIDER, listed(bill(), bill({ bill_id: 'OTHER', seq: 'LVB2', pay_date: '20261130120000' })));
    const list = await lvb.listTransactions(new Date('2026-11-28T17:00:00Z'), new Date('2026-11-29T17:00:00Z'));
    expect(list.map((t) => t.bankReference)).toEqual(['LVB2611290000001']);
    expect(sent(PROVIDER).at(-1)).toEqual({
      from_date: '20261129',
      to_date: '20261130',
      state: 'SUCCESS',
      secure_code: lvbSecureCode(creds.privateKey, ['20261129', '20261130', 'SUCCESS']),
    });
  });
});

describe('lvb-openapi answers', () => {
  it('maps the states: PENDING and PROCESSING unpaid, EXPIRED, no bill NOT_FOUND', async () => {
    const path = `${PROVIDER}/transaction/${BILL}`;
    bank.queue(
      path,
      listed(bill({ state: 'PENDING', seq: null })),
      listed(bill({ state: 'PROCESSING' })),
      listed(bill({ state: 'EXPIRED' })),
      listed(),
      {
        status: 200,
        body: { header: { status: '018', message: "Can't get invoice information" }, data: null },
      },
    );
    const states = [];
    for (let i = 0; i < 5; i++) states.push((await lvb.status(BILL)).status);
    expect(states).toEqual(['UNPAID', 'UNPAID', 'EXPIRED', 'NOT_FOUND', 'NOT_FOUND']);
  });

  it('refuses a duplicate id, an amount mismatch and the limits by their codes', async () => {
    // logged in first: the QR answers below are then the only ones of the endpoint
    bank.queue(`${PROVIDER}/transaction/${BILL}`, listed());
    await lvb.status(BILL);
    for (const [c, name] of [
      ['011', 'DUPLICATE_ID'],
      ['026', 'AMOUNT_MISMATCH'],
      ['027', 'LIMIT_PER_TRANSACTION'],
      ['028', 'LIMIT_PER_DAY'],
      ['029', 'LIMIT_COUNT_PER_DAY'],
    ] as const) {
      bank.queue(PROVIDER, { status: 200, body: qrAnswer({ Response_Code: c, Redirect_Url: null }) });
      const err = await lvb
        .createBill({ reference: BILL, amountLak: 69_000n, expiresAt: new Date(), payload: 'ours' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BankGatewayRefusedError);
      expect((err as BankGatewayRefusedError).code).toBe(name);
    }
  });

  it('takes a new token once on 401; treats a wrong signature code, a forged answer, 5xx, garbage and a hung bank as unavailable', async () => {
    const path = `${PROVIDER}/transaction/${BILL}`;
    bank.queue(path, { status: 401, body: {} }, listed(bill({ state: 'PENDING', seq: null })));
    expect((await lvb.status(BILL)).status).toBe('UNPAID');
    expect(bank.received.filter((r) => r.path === path).map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    bank.queue(
      PROVIDER,
      { status: 200, body: { ...qrAnswer(), Secure_Code: '0'.repeat(32) } },
      { status: 200, body: qrAnswer({ Response_Code: '007', Redirect_Url: null }) },
    );
    for (let i = 0; i < 2; i++)
      await expect(lvb.createBill({ reference: BILL, amountLak: 69_000n, expiresAt: new Date(), payload: 'ours' })).rejects.toBeInstanceOf(
        BankGatewayUnavailableError,
      );
    for (const answer of [{ status: 503, body: 'down' }, { status: 200, body: '<html>' }, listed(bill({ seq: null })), 'hang' as const]) {
      bank.queue(path, answer);
      await expect(lvb.status(BILL)).rejects.toBeInstanceOf(BankGatewayUnavailableError);
    }
  });

  it('verifies a payment notice by its Secure_Code: it names the bill only', () => {
    const notice = JSON.stringify(qrAnswer());
    expect(lvb.verifyNotice!({}, notice)).toEqual({ reference: BILL, bankReference: null, amountLak: null });
    expect(() => lvb.verifyNotice!({}, JSON.stringify({ ...qrAnswer(), Trans_Id: 'OTHER' }))).toThrow(/does not match/);
  });
});
