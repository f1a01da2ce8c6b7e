import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLaoQr } from '@app/contracts';
import { errorHandler } from '../plugins/error-handler.js';
import { testConfig } from '../test/app.js';
import { payLaoQr } from '../test/bank.js';
import { startSandbox, type TestSandbox } from '../test/sandbox.js';
import { createBankGatewayClient } from './gateway-client.js';
import { paymentsPlugin } from './plugin.js';
import { bankCallbackRoute } from './raw-body.js';
import type { BankNotice } from './bank-gateway.js';
import { callbackSignature, verifyCallback } from './signing.js';

const SECRET = 'callback-secret-for-tests';
const body = JSON.stringify({
  reference: 'D2611220001',
  bankReference: 'BCEL2611221234567890',
  amount: '100000',
  currency: 'LAK',
  paidAt: '2026-11-22T03:00:00.000Z',
});
const now = new Date('2026-11-22T03:00:10Z');

function headers(rawBody = body, at = now.getTime(), secret = SECRET) {
  const timestamp = String(at);
  return { 'x-timestamp': timestamp, 'x-signature': callbackSignature(secret, timestamp, rawBody) };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { code: (err as { code?: string }).code, message: (err as Error).message };
  }
  throw new Error('not refused');
};

describe('verifyCallback', () => {
  it('accepts a fresh, correctly signed callback and parses it', () => {
    expect(verifyCallback(SECRET, headers(), body, now)).toEqual({
      reference: 'D2611220001',
      bankReference: 'BCEL2611221234567890',
      amountLak: 100_000n,
      currency: 'LAK',
      paidAt: new Date('2026-11-22T03:00:00.000Z'),
    });
    // 4 minutes 59 s old, 20 s ahead: inside the window
    expect(verifyCallback(SECRET, headers(body, now.getTime() - 299_000), body, now).amountLak).toBe(100_000n);
    expect(verifyCallback(SECRET, headers(body, now.getTime() + 20_000), body, now).reference).toBe('D2611220001');
  });

  it('refuses forged, stale, future, tampered and unsigned callbacks', () => {
    const cases: Array<[string, Record<string, string>, string, RegExp]> = [
      ['forged', headers(body, now.getTime(), 'another-secret-entirely'), body, /does not match/],
      ['stale', headers(body, now.getTime() - 301_000), body, /too old/],
      ['future', headers(body, now.getTime() + 60_000), body, /future/],
      ['tampered body', headers(), body.replace('100000', '900000'), /does not match/],
      ['re-serialised body', headers(), JSON.stringify(JSON.parse(body), null, 1), /does not match/],
      ['no headers', {}, body, /required/],
      ['short signature', { ...headers(), 'x-signature': 'abcd' }, body, /required/],
      ['bad timestamp', { ...headers(), 'x-timestamp': '2026-11-22' }, body, /required/],
    ];
    for (const [name, h, raw, message] of cases) {
      const err = refusal(() => verifyCallback(SECRET, h, raw, now));
      expect(err.code, name).toBe('SIGNATURE_INVALID');
      expect(err.message, name).toMatch(message);
    }
  });

  it('refuses a correctly signed body that is not a payment notice', () => {
    for (const raw of ['not json', JSON.stringify({ reference: 'D1', amount: '1.5' })]) {
      expect(refusal(() => verifyCallback(SECRET, headers(raw), raw, now)).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('bankCallbackRoute: the raw-body route pattern, end to end with the sandbox bank', () => {
  let bank: TestSandbox;
  let app: FastifyInstance;
  let callbackUrl: string;
  const seen: BankNotice[] = [];

  beforeAll(async () => {
    bank = await startSandbox({ BANK_CALLBACK_SECRET: SECRET });
    app = Fastify({ logger: false });
    app.decorate('config', testConfig({ BANK_GATEWAY_URL: bank.url, BANK_CALLBACK_SECRET: SECRET }));
    await app.register(errorHandler);
    await app.register(paymentsPlugin);
    await bankCallbackRoute(app, {
      path: '/api/v2/payments/callback',
      onCallback: async (callback) => {
        seen.push(callback);
        return { ok: true };
      },
    });
    // outside the callback's scope JSON is parsed as usual and no raw body is kept
    app.post('/other', async (request) => ({ raw: request.rawBody ?? null, body: request.body }));
    callbackUrl = `${await app.listen({ host: '127.0.0.1', port: 0 })}/api/v2/payments/callback`;
  });
  afterAll(async () => {
    await app.close();
    await bank.close();
  });

  it('verifies the bytes as sent: extra whitespace signed by the sender passes', async () => {
    const spaced = body.replaceAll(',', ', ');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/payments/callback',
      headers: { 'content-type': 'application/json', ...headers(spaced, Date.now()) },
      payload: spaced,
    });
    expect(res.statusCode).toBe(200);
    expect(seen.at(-1)?.bankReference).toBe('BCEL2611221234567890');
  });

  it('answers 401 SIGNATURE_INVALID for a forged callback and 400 for broken JSON, without calling the handler', async () => {
    const before = seen.length;
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v2/payments/callback',
      headers: { 'content-type': 'application/json', ...headers(body, Date.now(), 'forger-secret-forger') },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('SIGNATURE_INVALID');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v2/payments/callback',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('VALIDATION_FAILED');
    expect(seen.length).toBe(before);
    const other = await app.inject({ method: 'POST', url: '/other', payload: { a: 1 } });
    expect(other.json()).toEqual({ raw: null, body: { a: 1 } });
  });

  it('receives the sandbox bank callback of a real payment and verifies it', async () => {
    const reference = 'D2611229999';
    const payload = buildLaoQr({
      bank: 'jdb',
      merchantId: 'DEMO-JDB-001',
      mcc: '5816',
      amountLak: 120_000n,
      merchantName: 'Lao Credit Demo',
      city: 'Vientiane',
      billNumber: reference,
      reference,
    });
    const client = createBankGatewayClient({
      baseUrl: bank.url,
      gatewaySecret: app.config.BANK_GATEWAY_SECRET,
      callbackSecret: SECRET,
      callbackUrl,
    });
    await client.createBill({ reference, payload, amountLak: 120_000n, expiresAt: new Date(Date.now() + 60_000) });
    const paid = await payLaoQr(bank.url, payload, 'lvb');
    for (let i = 0; i < 100 && !seen.some((c) => c.reference === reference); i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen.find((c) => c.reference === reference)).toEqual({
      reference,
      bankReference: paid.bankReference,
      amountLak: 120_000n,
      currency: 'LAK',
      paidAt: new Date(paid.paidAt),
    });
  });
});
