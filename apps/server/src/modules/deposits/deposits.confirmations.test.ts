import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { DepositOrderRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { PaymentConfirmations, type Confirmation } from './deposits.confirmations.js';

const log = pino({ level: 'silent' });
const order = (id: string, expiresInMs: number) => ({ id, expiresAt: new Date(Date.now() + expiresInMs) }) as DepositOrderRow;

/** A gateway whose answers are scripted: each call takes the next one (the last one repeats). */
function gateway(...answers: ('paid' | 'unpaid' | 'down' | 'mismatch' | 'boom')[]) {
  const calls: number[] = [];
  const confirm = async (o: DepositOrderRow): Promise<Confirmation> => {
    calls.push(Date.now());
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === 'down') throw new AppError('BANK_GATEWAY_UNAVAILABLE', 'down');
    if (answer === 'mismatch') throw new AppError('PAYMENT_MISMATCH', 'mismatch');
    if (answer === 'boom') throw new Error('boom');
    return { paid: answer === 'paid', order: o };
  };
  return { calls, confirm };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const options = { retryBaseMs: 1000, graceMs: 60_000, concurrency: 4, maxPending: 3 };

describe('PaymentConfirmations', () => {
  it('asks once and stops when the payment is confirmed', async () => {
    const g = gateway('paid');
    const c = new PaymentConfirmations(g.confirm, log, options);
    c.hint(order('a', 600_000));
    await vi.runAllTimersAsync();
    expect([g.calls.length, c.size]).toEqual([1, 0]);
  });

  it('asks again with doubling delays, capped at 30 s, until a minute after the expiry', async () => {
    const g = gateway('unpaid');
    const c = new PaymentConfirmations(g.confirm, log, options);
    const start = Date.now();
    c.hint(order('a', 120_000));
    await vi.runAllTimersAsync();
    const gaps = g.calls.slice(1).map((t, i) => t - g.calls[i]!);
    expect(gaps.slice(0, 7)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    // nothing asked later than expiry + grace, and then it lets go
    expect(g.calls.at(-1)! - start).toBeLessThanOrEqual(180_000);
    expect(g.calls.at(-1)! - start).toBeGreaterThan(150_000);
    expect(c.size).toBe(0);
  });

  it('keeps asking while the gateway is down or something fails, and finds the payment when it answers', async () => {
    const g = gateway('down', 'boom', 'unpaid', 'paid');
    const c = new PaymentConfirmations(g.confirm, log, options);
    c.hint(order('a', 600_000));
    await vi.runAllTimersAsync();
    expect([g.calls.length, c.size]).toEqual([4, 0]);
  });

  it('does not ask again about a payment that does not match its order (left to staff)', async () => {
    const g = gateway('mismatch', 'paid');
    const c = new PaymentConfirmations(g.confirm, log, options);
    c.hint(order('a', 600_000));
    await vi.runAllTimersAsync();
    expect([g.calls.length, c.size]).toEqual([1, 0]);
  });

  it('asks at once when another callback comes for an order waiting for its retry, and once per order meanwhile', async () => {
    const g = gateway('unpaid', 'paid');
    const c = new PaymentConfirmations(g.confirm, log, options);
    c.hint(order('a', 600_000));
    c.hint(order('a', 600_000)); // the first question is under way: nothing more
    await vi.advanceTimersByTimeAsync(10);
    expect(g.calls.length).toBe(1);
    c.hint(order('a', 600_000)); // waiting 1 s for its retry: asked now
    await vi.advanceTimersByTimeAsync(10);
    expect([g.calls.length, c.size]).toEqual([2, 0]);
  });

  it('holds a place among the status calls at once only for the call, not while its payment is marked PAID', async () => {
    let inCall = 0;
    let mostInCall = 0;
    const asked: string[] = [];
    let markPaid!: () => void;
    const marked = new Promise<void>((resolve) => (markPaid = resolve));
    const c = new PaymentConfirmations(
      async (o, statusCalls) => {
        await statusCalls(async () => {
          inCall++;
          mostInCall = Math.max(mostInCall, inCall);
          await new Promise((r) => setTimeout(r, 100));
          asked.push(o.id);
          inCall--;
        });
        await marked; // the PAID group commits only once every order has been asked about
        return { paid: true, order: o };
      },
      log,
      { ...options, concurrency: 2, maxPending: 10 },
    );
    for (const id of ['a', 'b', 'c', 'd', 'e']) c.hint(order(id, 600_000));
    await vi.advanceTimersByTimeAsync(300);
    expect([asked.length, mostInCall, c.size]).toEqual([5, 2, 5]);
    markPaid();
    await vi.runAllTimersAsync();
    expect(c.size).toBe(0);
  });

  it('refuses a callback beyond the orders it may hold, and any once closed; close drops the waiting ones', async () => {
    const g = gateway('unpaid');
    const c = new PaymentConfirmations(g.confirm, log, options);
    for (const id of ['a', 'b', 'c']) c.hint(order(id, 600_000));
    expect(() => c.hint(order('d', 600_000))).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    c.hint(order('a', 600_000)); // one it holds is still welcome
    await vi.advanceTimersByTimeAsync(10);
    await c.close();
    expect(c.size).toBe(0);
    expect(() => c.hint(order('e', 600_000))).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
    const asked = g.calls.length;
    await vi.runAllTimersAsync();
    expect(g.calls.length).toBe(asked);
  });
});
