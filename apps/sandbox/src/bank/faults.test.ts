import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qrFor, signed, sleep, startBank, startReceiver, waitFor } from './test-helpers.js';
import type { Delivery } from './callbacks.js';

let bank: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const answers: number[] = [];

beforeAll(async () => {
  bank = await startBank();
  receiver = await startReceiver(answers);
}, 60_000);
afterEach(async () => {
  answers.length = 0;
  await bank.inject({ method: 'POST', url: '/bank/_faults/reset' });
});
afterAll(async () => {
  await bank.close();
  await receiver.app.close();
});

const setFaults = async (faults: Record<string, unknown>) => {
  const res = await bank.inject({ method: 'POST', url: '/bank/_faults', payload: faults });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** Creates an order for a fresh QR and pays it; returns its reference. */
async function payOne(): Promise<string> {
  const qr = qrFor();
  const expiresAt = new Date(Date.now() + 600_000).toISOString();
  const created = await signed(bank, 'POST', '/bank/orders', {
    reference: qr.reference,
    payload: qr.payload,
    amountLak: '100000',
    callbackUrl: receiver.url,
    expiresAt,
  });
  expect(created.statusCode).toBe(201);
  const paid = await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload: qr.payload } });
  expect(paid.statusCode).toBe(200);
  return qr.reference;
}

const callbacksFor = (reference: string) => receiver.received.filter((r) => r.body.includes(reference));
const deliveries = async (reference: string): Promise<Delivery[]> =>
  (await bank.inject({ method: 'GET', url: `/bank/_callbacks?reference=${reference}` })).json().deliveries;

describe('callback delivery', () => {
  it('retries a refused callback with backoff until a 2xx', async () => {
    await setFaults({ callbackRetryBaseMs: 40 });
    answers.push(500, 503);
    const started = Date.now();
    const reference = await payOne();
    await waitFor(() => callbacksFor(reference).length === 3);
    // waits of 40 then 80 ms between the three attempts
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
    // the gateway logs an attempt once it has read the answer, just after the merchant saw it
    const log = await waitFor(async () => {
      const d = await deliveries(reference);
      return d.length === 3 && d;
    });
    expect(log.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(callbacksFor(reference).every((c) => c.validSignature)).toBe(true);
  });

  it('gives up after the attempt limit', async () => {
    await setFaults({ callbackRetryBaseMs: 10, callbackMaxAttempts: 3 });
    answers.push(500, 500, 500, 500, 500);
    const reference = await payOne();
    await waitFor(() => callbacksFor(reference).length === 3);
    await sleep(150);
    expect(callbacksFor(reference)).toHaveLength(3);
    expect((await deliveries(reference)).map((d) => d.status)).toEqual([500, 500, 500]);
  });

  it('keeps trying when the merchant cannot be reached', async () => {
    await setFaults({ callbackRetryBaseMs: 10, callbackMaxAttempts: 2 });
    const qr = qrFor();
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    await signed(bank, 'POST', '/bank/orders', {
      reference: qr.reference,
      payload: qr.payload,
      amountLak: '100000',
      callbackUrl: 'http://127.0.0.1:9/closed',
      expiresAt,
    });
    await bank.inject({ method: 'POST', url: '/sandbox/bank/payments', payload: { payload: qr.payload } });
    const log = await waitFor(async () => (await deliveries(qr.reference)).length === 2);
    expect(log).toBe(true);
    expect((await deliveries(qr.reference)).every((d) => d.status === null && d.error)).toBe(true);
  });
});

describe('fault knobs', () => {
  it('late callback: nothing before the delay, the callback after it', async () => {
    await setFaults({ callbackDelayMs: 400 });
    const reference = await payOne();
    await sleep(200);
    expect(callbacksFor(reference)).toHaveLength(0);
    await waitFor(() => callbacksFor(reference).length === 1);
  });

  it('duplicated callback: the same payment arrives several times', async () => {
    await setFaults({ duplicateCallbacks: 2 });
    const reference = await payOne();
    await waitFor(() => callbacksFor(reference).length === 3);
    const bodies = callbacksFor(reference).map((c) => JSON.parse(c.body));
    expect(new Set(bodies.map((b) => b.bankReference)).size).toBe(1);
    expect(callbacksFor(reference).every((c) => c.validSignature)).toBe(true);
  });

  it('out of order: a later payment is announced before an earlier one', async () => {
    await setFaults({ outOfOrder: true, outOfOrderHoldMs: 5_000 });
    const first = await payOne();
    await sleep(100);
    expect(callbacksFor(first)).toHaveLength(0);
    const second = await payOne();
    await waitFor(() => callbacksFor(first).length === 1 && callbacksFor(second).length === 1);
    const order = receiver.received.map((r) => JSON.parse(r.body).reference).filter((r) => r === first || r === second);
    expect(order).toEqual([second, first]);
  });

  it('out of order: a held callback still goes out after the hold time', async () => {
    await setFaults({ outOfOrder: true, outOfOrderHoldMs: 100 });
    const reference = await payOne();
    await waitFor(() => callbacksFor(reference).length === 1);
  });

  it('no callback: the order is paid, only the status API tells', async () => {
    await setFaults({ noCallback: true });
    const reference = await payOne();
    await sleep(200);
    expect(callbacksFor(reference)).toHaveLength(0);
    expect((await signed(bank, 'GET', `/bank/orders/${reference}`)).json().status).toBe('PAID');
  });

  it('status down: 503 until reset', async () => {
    const reference = await payOne();
    await setFaults({ statusDown: true });
    const down = await signed(bank, 'GET', `/bank/orders/${reference}`);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('UNAVAILABLE');
    const reset = await bank.inject({ method: 'POST', url: '/bank/_faults/reset' });
    expect(reset.json().statusDown).toBe(false);
    expect((await signed(bank, 'GET', `/bank/orders/${reference}`)).statusCode).toBe(200);
  });

  it('status lag: the callback arrives while the status API still says UNPAID', async () => {
    await setFaults({ statusLagMs: 500 });
    const reference = await payOne();
    await waitFor(() => callbacksFor(reference).length === 1);
    expect((await signed(bank, 'GET', `/bank/orders/${reference}`)).json()).toMatchObject({ status: 'UNPAID', bankReference: null });
    await sleep(550);
    expect((await signed(bank, 'GET', `/bank/orders/${reference}`)).json().status).toBe('PAID');
  });

  it('refuses unknown knobs and bad values', async () => {
    for (const bad of [{ lateBy: 5 }, { callbackDelayMs: -1 }, { statusDown: 'yes' }]) {
      const res = await bank.inject({ method: 'POST', url: '/bank/_faults', payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await bank.inject({ method: 'GET', url: '/bank/_faults' })).json().callbackDelayMs).toBe(0);
  });
});
