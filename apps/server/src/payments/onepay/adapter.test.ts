import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLaoQr, readLaoQr, type OnePayMessage } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { BankGatewayRefusedError } from '../bank-gateway.js';
import { createOnePayGateway, isOnePayGateway } from './adapter.js';
import { recordOnePayPayment } from './store.js';

// an invented merchant
const credentials = { mcid: 'mchADAPTER01', shopcode: 'SHOP9', subscribeKey: 'sub-c-adapter-test', terminal: 'WEB01' };
let db: TestDatabase;
const gateway = () =>
  createOnePayGateway(credentials, {
    agencyId: db.agencyId,
    bank: 'bcel',
    timeoutMs: 1000,
    publicUrl: 'http://127.0.0.1',
    db: db.db,
    sandboxUrl: 'http://127.0.0.1:5010',
  });
const ours = (amountLak: bigint, code: string) =>
  buildLaoQr({
    bank: 'bcel',
    merchantId: 'LAPNET-1',
    mcc: '5816',
    amountLak,
    merchantName: 'Lao Credit',
    city: 'Vientiane',
    billNumber: code,
    reference: `${code}-AB12`,
  });
const message = (over: Partial<OnePayMessage>): OnePayMessage => ({
  uuid: 'D2611290001-AB12',
  mcid: credentials.mcid,
  shopcode: credentials.shopcode,
  amount: '69000',
  ccy: '418',
  fccref: 'FT2611290000000001',
  ticket: '000000001',
  name: 'PAYER ONE',
  account: 'XXXX1234',
  txtime: '2026-11-29T01:00:00.000Z',
  ...over,
});

beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(() => db?.close());

describe('the bcel-onepay adapter', () => {
  it('refuses credentials of the wrong shape, and names the sandbox as its PubNub service when told', () => {
    expect(() => gateway()).not.toThrow();
    expect(() =>
      createOnePayGateway(
        { ...credentials, mcid: '' },
        { agencyId: 'a', bank: 'bcel', timeoutMs: 1, publicUrl: 'x', db: db.db, sandboxUrl: 'http://h' },
      ),
    ).toThrow();
    expect(() =>
      createOnePayGateway(
        { ...credentials, secret: 'x' },
        { agencyId: 'a', bank: 'bcel', timeoutMs: 1, publicUrl: 'x', db: db.db, sandboxUrl: 'http://h' },
      ),
    ).toThrow();
    expect(gateway().merchant).toMatchObject({ mcid: 'mchADAPTER01', shopcode: 'SHOP9', origin: null, ssl: true });
    const sandboxed = createOnePayGateway(
      { ...credentials, origin: 'sandbox' },
      { agencyId: 'a', bank: 'bcel', timeoutMs: 1, publicUrl: 'x', db: db.db, sandboxUrl: 'http://127.0.0.1:5010' },
    );
    expect(sandboxed.merchant).toMatchObject({ origin: '127.0.0.1:5010', ssl: false });
    expect(isOnePayGateway(sandboxed)).toBe(true);
  });

  it('createBill writes the OnePay QR as BCEL’s script does: tag 33, tag 62 with invoice, uuid, terminal, description', async () => {
    const bill = await gateway().createBill({
      reference: 'D2611290001-AB12',
      amountLak: 69_000n,
      expiresAt: new Date(),
      payload: ours(69_000n, 'D2611290001'),
    });
    expect(bill.payUrl).toBeNull();
    expect(bill.qrPayload).toContain('0004BCEL0106ONEPAY0212mchADAPTER01');
    const read = readLaoQr(bill.qrPayload);
    expect(read.ok && read.qr).toMatchObject({
      kind: 'onepay',
      initiation: '11',
      merchantId: 'mchADAPTER01',
      mcc: '5816',
      currency: '418',
      amountLak: 69_000n,
      billNumber: 'D2611290001',
      reference: 'D2611290001-AB12',
      terminal: 'WEB01',
      description: 'DEPOSIT D2611290001',
    });
    await expect(
      gateway().createBill({ reference: 'bad uuid!', amountLak: 1n, expiresAt: new Date(), payload: ours(1n, 'D1') }),
    ).rejects.toBeInstanceOf(BankGatewayRefusedError);
  });

  it('status, payment and listTransactions answer what the bank published, once per fccref, for this agency only', async () => {
    const g = gateway();
    expect(await g.status('D2611290001-AB12')).toEqual({ status: 'UNPAID', reference: 'D2611290001-AB12' });
    expect(await recordOnePayPayment(db.db, db.agencyId, message({}), '17964000000000000')).toBe(true);
    expect(await recordOnePayPayment(db.db, db.agencyId, message({}), '17964000000000001')).toBe(false);
    expect(await g.status('D2611290001-AB12')).toEqual({
      status: 'PAID',
      reference: 'D2611290001-AB12',
      bankReference: 'FT2611290000000001',
      amountLak: 69_000n,
      currency: 'LAK',
      paidAt: new Date('2026-11-29T01:00:00.000Z'),
      payer: { account: 'XXXX1234', name: 'PAYER ONE' },
    });
    // a second payment of the same QR: the first stays the order's payment, the second is found by its fccref
    await recordOnePayPayment(
      db.db,
      db.agencyId,
      message({ fccref: 'FT2611290000000002', txtime: '2026-11-29T01:05:00.000Z' }),
      '17964000000000002',
    );
    expect(await g.status('D2611290001-AB12')).toMatchObject({ bankReference: 'FT2611290000000001' });
    expect(await g.payment('FT2611290000000002')).toMatchObject({ reference: 'D2611290001-AB12', amountLak: 69_000n });
    expect(await g.payment('FT-NONE')).toBeNull();
    const listed = await g.listTransactions(new Date('2026-11-29T00:00:00Z'), new Date('2026-11-29T02:00:00Z'));
    expect(listed.map((t) => t.bankReference)).toEqual(['FT2611290000000001', 'FT2611290000000002']);
    const elsewhere = createOnePayGateway(credentials, {
      agencyId: '00000000-0000-4000-8000-000000000000',
      bank: 'bcel',
      timeoutMs: 1,
      publicUrl: 'x',
      db: db.db,
      sandboxUrl: 'http://h',
    });
    expect(await elsewhere.status('D2611290001-AB12')).toMatchObject({ status: 'UNPAID' });
    await expect(g.disableBill('D2611290001-AB12')).resolves.toBeUndefined();
  });
});
