import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrFor, reseal, signed, sleep, startBank, startReceiver, waitFor } from './test-helpers.js';

let bank: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  bank = await startBank();
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await bank.close();
  await receiver.app.close();
});

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

async function createOrder(qr = qrFor(), extra: Record<string, unknown> = {}) {
  const body = {
    reference: qr.reference,
    payload: qr.payload,
    amountLak: '100000',
    callbackUrl: receiver.url,
    expiresAt: inTenMinutes(),
    ...extra,
  };
  return { qr, body, res: await signed(bank, 'POST', '/bank/orders', body) };
}

describe('bank orders', () => {
  it('creates a dynamic QR order, idempotently, and answers its status', async () => {
    const { qr, body, res } = await createOrder();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      reference: qr.reference,
      status: 'UNPAID',
      amount: '100000',
      currency: 'LAK',
      bankReference: null,
      paidAt: null,
    });
    expect(res.json().payUrl).toContain('/bank/pay#payload=');
    const again = await signed(bank, 'POST', '/bank/orders', body);
    expect(again.statusCode).toBe(200);
    const clash = await signed(bank, 'POST', '/bank/orders', {
      ...body,
      payload: qrFor(200_000n, qr.reference).payload,
      amountLak: '200000',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('ORDER_EXISTS');
    const status = await signed(bank, 'GET', `/bank/orders/${qr.reference}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ reference: qr.reference, status: 'UNPAID', amount: '100000' });
    expect((await signed(bank, 'GET', '/bank/orders/NOPE1')).json().error.code).toBe('ORDER_NOT_FOUND');
  });

  it('refuses unsigned, forged and stale merchant calls', async () => {
    const qr = qrFor();
    expect((await bank.inject({ method: 'GET', url: `/bank/orders/${qr.reference}` })).json().error.code).toBe('SIGNATURE_MISSING');
    const forged = await signed(bank, 'GET', `/bank/orders/${qr.reference}`, undefined, 'not-the-gateway-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('SIGNATURE_INVALID');
    const stale = await signed(bank, 'GET', `/bank/orders/${qr.reference}`, undefined, undefined, Date.now() - 6 * 60_000);
    expect(stale.json().error.code).toBe('SIGNATURE_EXPIRED');
  });

  it('refuses orders whose QR is broken or does not match them', async () => {
    const qr = qrFor();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ payload: `${qr.payload.slice(0, -4)}0000` }, 'QR_INVALID'],
      [{ amountLak: '90000' }, 'AMOUNT_MISMATCH'],
      [{ reference: 'OTHER1' }, 'REFERENCE_MISMATCH'],
      [{ expiresAt: new Date(Date.now() - 1000).toISOString() }, 'EXPIRY_IN_PAST'],
      [{ callbackUrl: 'ftp://x' }, 'VALIDATION_FAILED'],
      [{ amountLak: 100000 }, 'VALIDATION_FAILED'],
    ];
    for (const [extra, code] of cases) {
      const { res } = await createOrder(qr, extra);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    const bad = await bank.inject({ method: 'POST', url: '/bank/orders', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('paying a QR', () => {
  it('marks the order PAID once, with a unique bank reference, and sends the signed callback', async () => {
    const { qr } = await createOrder();
    const paid = await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload: qr.payload, bank: 'jdb' } });
    expect(paid.statusCode).toBe(200);
    const view = paid.json();
    expect(view).toMatchObject({ reference: qr.reference, status: 'PAID', amount: '100000', currency: 'LAK' });
    expect(view.bankReference).toMatch(/^JDB\d{16}$/);
    const callback = await waitFor(() => receiver.received.find((r) => r.body.includes(qr.reference)));
    expect(callback.validSignature).toBe(true);
    expect(Math.abs(Number(callback.timestamp) - Date.now())).toBeLessThan(5_000);
    expect(JSON.parse(callback.body)).toEqual({
      reference: qr.reference,
      bankReference: view.bankReference,
      amount: '100000',
      currency: 'LAK',
      paidAt: view.paidAt,
    });
    const status = (await signed(bank, 'GET', `/bank/orders/${qr.reference}`)).json();
    expect(status).toMatchObject({ status: 'PAID', bankReference: view.bankReference, paidAt: view.paidAt });

    const twice = await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload: qr.payload } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_PAID');

    const second = await createOrder();
    const other = (await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload: second.qr.payload } })).json();
    expect(other.bankReference).toMatch(/^BCEL\d{16}$/);
    expect(other.bankReference).not.toBe(view.bankReference);
  });

  it('refuses a tampered, unknown, malformed or expired QR', async () => {
    const { qr } = await createOrder();
    const pay = (payload: unknown) => bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload } });
    const cheaper = reseal(qr.payload, '5406100000', '540510000');
    expect((await pay(cheaper)).json().error.code).toBe('QR_MISMATCH');
    expect((await pay(`${qr.payload.slice(0, -4)}FFFF`)).json().error.code).toBe('QR_INVALID');
    expect((await pay(qrFor().payload)).json().error.code).toBe('ORDER_NOT_FOUND');
    expect((await pay(42)).json().error.code).toBe('VALIDATION_FAILED');
    // a bill fixes its amount at the bank: the payer's app pays no other (only a OnePay QR takes one)
    const fixed = (await createOrder()).qr.payload;
    const other = await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload: fixed, amount: '90000' } });
    expect(other.json().error.code).toBe('AMOUNT_FIXED');
    const same = await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload: fixed, amount: '100000' } });
    expect(same.json()).toMatchObject({ status: 'PAID', amount: '100000' });
    const soon = await createOrder(qrFor(), { expiresAt: new Date(Date.now() + 300).toISOString() });
    await sleep(400);
    expect((await signed(bank, 'GET', `/bank/orders/${soon.qr.reference}`)).json().status).toBe('EXPIRED');
    const late = await pay(soon.qr.payload);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('ORDER_EXPIRED');
    expect((await signed(bank, 'GET', `/bank/orders/${qr.reference}`)).json().status).toBe('UNPAID');
  });

  it('serves the pay page with its script as files, under a CSP without inline scripts', async () => {
    const page = await bank.inject({ method: 'GET', url: '/bank/pay' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const code of ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb']) expect(page.body).toContain(`value="${code}"`);
    const script = await bank.inject({ method: 'GET', url: '/bank/pay.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('/sandbox/bank/payments');
    expect((await bank.inject({ method: 'GET', url: '/bank/jsqr.js' })).body).toContain('jsQR');
  });
});
