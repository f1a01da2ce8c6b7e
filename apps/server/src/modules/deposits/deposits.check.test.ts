import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositOrder } from '@app/contracts';
import { checkLedger } from '../../ledger/check.js';
import { payLaoQr, setBankFaults } from '../../test/bank.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';

// docs/decisions/040-repeated-calls.md: the players' gateway questions are bounded like the callbacks'
const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9', BANK_STATUS_CONCURRENCY: '2' });

/** Every status call the server makes to the gateway, and the most at once. */
const gateway = { calls: 0, inFlight: 0, peak: 0 };
beforeAll(async () => {
  // callbacks go nowhere: the orders are confirmed only by the players' questions here
  await setBankFaults(env.sandbox.url, { noCallback: true });
  const bank = env.ctx.app.bankGateway;
  const status = bank.status.bind(bank);
  vi.spyOn(bank, 'status').mockImplementation(async (reference) => {
    gateway.calls += 1;
    gateway.inFlight += 1;
    gateway.peak = Math.max(gateway.peak, gateway.inFlight);
    try {
      // long enough for questions asked together to overlap
      await new Promise((r) => setTimeout(r, 50));
      return await status(reference);
    } finally {
      gateway.inFlight -= 1;
    }
  });
});
afterEach(async () => {
  expect(await checkLedger(env.ctx.app.db)).toEqual([]);
});

const post = (p: TestPlayer, url: string, payload?: object) =>
  env.ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { host: 'localhost', cookie: p.cookie },
    ...(payload ? { payload } : {}),
  });
async function open(p: TestPlayer): Promise<DepositOrder> {
  const res = await post(p, '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount: '50000' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as DepositOrder;
}
const codes = (answers: { statusCode: number; json(): { error?: { code: string } } }[]) =>
  answers.map((r) => (r.statusCode === 200 ? 'OK' : r.json().error!.code)).sort();

/** A new player's open order pressed `times` at once with `action`: the answers' codes and the gateway calls they made. */
async function burst(action: 'check' | 'cancel', times: number) {
  const p = await registerPlayer(env.ctx.app);
  const order = await open(p);
  const before = gateway.calls;
  const answers = await Promise.all(Array.from({ length: times }, () => post(p, `/v2/deposits/${order.id}/${action}`)));
  return { p, order, answered: codes(answers), calls: gateway.calls - before };
}

describe('POST /v2/deposits/:id/check', () => {
  it('asks the gateway once for a burst of presses; the others answer RATE_LIMITED', async () => {
    const { p, order, answered, calls } = await burst('check', 40);
    expect(calls).toBe(1);
    expect(answered).toEqual(['ORDER_NOT_PAID', ...Array<string>(39).fill('RATE_LIMITED')].sort());
    // a few seconds on, the order may be asked about again
    await new Promise((r) => setTimeout(r, 4_100));
    const before = gateway.calls;
    expect((await post(p, `/v2/deposits/${order.id}/check`)).json().error.code).toBe('ORDER_NOT_PAID');
    expect(gateway.calls - before).toBe(1);
  });

  it('answers a settled order as it is, without asking again', async () => {
    const p = await registerPlayer(env.ctx.app);
    const order = await open(p);
    const qr = await env.ctx.app.inject({ url: `/api/v2/deposits/${order.id}/qr`, headers: { host: 'localhost', cookie: p.cookie } });
    await payLaoQr(env.sandbox.url, qr.json().payload as string, 'bcel');
    const before = gateway.calls;
    const paid = await post(p, `/v2/deposits/${order.id}/check`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.status).toMatch(/^(PAID|SUCCESS)$/);
    const again = await Promise.all(Array.from({ length: 10 }, () => post(p, `/v2/deposits/${order.id}/check`)));
    expect(again.every((r) => r.statusCode === 200)).toBe(true);
    expect(gateway.calls - before).toBe(1);
    await env.ctx.app.transfers.idle();
  });

  it('lets one player ask about ten orders a minute', async () => {
    const p = await registerPlayer(env.ctx.app);
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const order = await open(p);
      expect((await post(p, `/v2/deposits/${order.id}/cancel`)).json().order.status).toBe('CANCELED');
      // a canceled order is asked too (a late payment is found): each its first question
      answers.push(codes([await post(p, `/v2/deposits/${order.id}/check`)])[0]!);
    }
    expect(answers).toEqual([...Array<string>(10).fill('ORDER_NOT_PAID'), 'RATE_LIMITED']);
  });

  it("goes through the callbacks' bound on status calls at once (BANK_STATUS_CONCURRENCY)", async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(env.ctx.app)));
    const orders = await Promise.all(players.map(open));
    const before = gateway.calls;
    gateway.peak = 0;
    const answers = await Promise.all(players.map((p, i) => post(p, `/v2/deposits/${orders[i]!.id}/check`)));
    expect(codes(answers)).toEqual(Array<string>(6).fill('ORDER_NOT_PAID'));
    expect(gateway.calls - before).toBe(6);
    expect(gateway.peak).toBeLessThanOrEqual(2);
  });
});

describe('POST /v2/deposits/:id/cancel', () => {
  it('asks the gateway once for a burst of presses, and cancels once', async () => {
    const { answered, calls } = await burst('cancel', 20);
    expect(calls).toBe(1);
    expect(answered.filter((c) => c === 'OK')).toHaveLength(1);
    expect(answered.every((c) => ['OK', 'RATE_LIMITED', 'ORDER_NOT_OPEN'].includes(c))).toBe(true);
  });
});
