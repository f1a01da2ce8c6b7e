import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DepositOrder } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { makeAllDue } from '../../jobs/queue.js';
import { checkLedger } from '../../ledger/check.js';
import { payLaoQr, resetBankFaults, setBankFaults } from '../../test/bank.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { sendCallback } from './deposits.test-helpers.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '400', WORKER_RETRY_BASE_MS: '10' });
beforeAll(async () => {
  // the gateway's own callbacks go nowhere: each test sends the callbacks it needs
});
beforeEach(async () => {
  await resetBankFaults(env.sandbox.url);
  await setBankFaults(env.sandbox.url, { noCallback: true });
  await env.sandbox.providerFaults.reset();
});
afterEach(async () => {
  // no transfer left for the next test's fault knobs to hit
  await env.ctx.app.transfers.idle();
  await env.ctx.app.worker.drain();
  expect(await checkLedger(env.ctx.app.db)).toEqual([]);
});

const call = (p: TestPlayer, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  env.ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { host: 'localhost', cookie: p.cookie },
    ...(payload === undefined ? {} : { payload }),
  });

async function openDeposit(p: TestPlayer, amount = '100000') {
  const res = await call(p, 'POST', '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount });
  expect(res.statusCode, res.body).toBe(201);
  const order = (res.json() as { order: DepositOrder }).order;
  const qr = (await call(p, 'GET', `/v2/deposits/${order.id}/qr`)).json() as { payload: string };
  const [row] = await queryRows<{ gateway_reference: string }>(
    env.ctx.app.db,
    sql`SELECT gateway_reference FROM deposit_orders WHERE id = ${order.id}`,
  );
  return { order, payload: qr.payload, reference: row!.gateway_reference };
}

const orderOf = async (p: TestPlayer, id: string) => ((await call(p, 'GET', `/v2/deposits/${id}`)).json() as { order: DepositOrder }).order;
const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(env.ctx.app.db, query))[0]!.n);
const paidPostings = (id: string) => count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`deposit:${id}:paid`}`);
/** Every confirmation and dispatched transfer finished, then whatever the worker has left (retries made due). */
async function settleAll() {
  await env.ctx.app.services.deposits.confirmations.idle();
  await env.ctx.app.transfers.idle();
  await env.ctx.app.worker.drain({ skipBackoff: true });
}
const transfersOf = (id: string) => count(sql`SELECT count(*) AS n FROM provider_transfers WHERE order_id = ${id}`);

describe('POST /api/v2/payments/callback', () => {
  it('refuses a forged or stale signature and changes nothing', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload, reference } = await openDeposit(p);
    const paid = await payLaoQr(env.sandbox.url, payload);
    const notice = { reference, bankReference: paid.bankReference, amount: '100000' };
    const forged = await sendCallback(env.ctx.app, notice, { secret: 'not-the-bank-secret-at-all' });
    const stale = await sendCallback(env.ctx.app, notice, { at: Date.now() - 6 * 60_000 });
    for (const res of [forged, stale]) expect([res.statusCode, res.json().error.code]).toEqual([401, 'SIGNATURE_INVALID']);
    expect((await orderOf(p, order.id)).status).toBe('OPEN');
    expect(await paidPostings(order.id)).toBe(0);
  });

  it('acknowledges a callback the status lookup does not confirm, changes nothing, and keeps asking', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, reference } = await openDeposit(p);
    const res = await sendCallback(env.ctx.app, { reference, bankReference: 'BCEL-FAKE-1', amount: '100000' });
    expect([res.statusCode, res.json()]).toEqual([202, { ok: true, status: 'OPEN' }]);
    await new Promise((r) => setTimeout(r, 100));
    // never paid at the bank: asked again and again (10 ms, 20 ms, … here), nothing written
    expect(env.ctx.app.services.deposits.confirmations.size).toBe(1);
    expect((await orderOf(p, order.id)).status).toBe('OPEN');
    expect(await paidPostings(order.id)).toBe(0);
    expect(await transfersOf(order.id)).toBe(0);
    const unknown = await sendCallback(env.ctx.app, { reference: 'D0000000000-NOPE', bankReference: 'X', amount: '1' });
    expect(unknown.statusCode).toBe(404);
    // the order is canceled meanwhile and its expiry long past: the next answer ends the asking
    await env.ctx.app.db.execute(sql`UPDATE deposit_orders SET expires_at = now() - interval '1 hour' WHERE id = ${order.id}`);
    await sendCallback(env.ctx.app, { reference, bankReference: 'BCEL-FAKE-1', amount: '100000' });
    await env.ctx.app.services.deposits.confirmations.idle();
    expect(env.ctx.app.services.deposits.confirmations.size).toBe(0);
  });

  it('credits a duplicated callback once, and the credit reaches the provider', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload, reference } = await openDeposit(p);
    const paid = await payLaoQr(env.sandbox.url, payload);
    const notice = { reference, bankReference: paid.bankReference, amount: '100000' };
    const answers = await Promise.all([sendCallback(env.ctx.app, notice), sendCallback(env.ctx.app, notice)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(202);
    await settleAll();
    const again = await sendCallback(env.ctx.app, notice);
    expect([again.statusCode, again.json()]).toEqual([200, { ok: true, status: 'SUCCESS' }]);
    expect(await paidPostings(order.id)).toBe(1);
    expect(await transfersOf(order.id)).toBe(1);
    const settled = await orderOf(p, order.id);
    expect(settled).toMatchObject({ status: 'SUCCESS', paidAt: paid.paidAt });
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(14_492n);
    // the provider was told once, by this process right after PAID; its job is done, nothing left for the worker
    expect(await count(sql`SELECT count(*) AS n FROM jobs WHERE unique_key LIKE 'transfer:%' AND done_at IS NULL`)).toBe(0);
    expect(await env.ctx.app.worker.drain()).toBe(0);
  });

  it('asks the status API again by itself when the callback outruns it or the gateway is down', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload, reference } = await openDeposit(p);
    await setBankFaults(env.sandbox.url, { statusLagMs: 60_000 });
    const paid = await payLaoQr(env.sandbox.url, payload);
    const notice = { reference, bankReference: paid.bankReference, amount: '100000' };
    expect((await sendCallback(env.ctx.app, notice)).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 60));
    await setBankFaults(env.sandbox.url, { statusLagMs: 0, statusDown: true });
    await new Promise((r) => setTimeout(r, 60));
    expect((await orderOf(p, order.id)).status).toBe('OPEN');
    // no second callback: the retry finds the payment once the gateway answers
    await setBankFaults(env.sandbox.url, { statusDown: false });
    await settleAll();
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
    expect(await paidPostings(order.id)).toBe(1);
  });

  it('credits nothing when the bank says it was paid with another amount, and does not ask again (staff)', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, reference } = await openDeposit(p);
    const gateway = env.ctx.app.bankGateway;
    const realStatus = gateway.status;
    let asked = 0;
    gateway.status = async (ref) => {
      asked++;
      return { status: 'PAID', reference: ref, bankReference: 'BCEL-SHORT-1', amountLak: 10_000n, currency: 'LAK', paidAt: new Date() };
    };
    try {
      const res = await sendCallback(env.ctx.app, { reference, bankReference: 'BCEL-SHORT-1', amount: '10000' });
      expect(res.statusCode).toBe(202);
      await env.ctx.app.services.deposits.confirmations.idle();
    } finally {
      gateway.status = realStatus;
    }
    expect([asked, env.ctx.app.services.deposits.confirmations.size]).toEqual([1, 0]);
    expect((await orderOf(p, order.id)).status).toBe('OPEN');
    expect(await paidPostings(order.id)).toBe(0);
    expect(await transfersOf(order.id)).toBe(0);
  });

  it('refuses callbacks beyond what can wait for the bank, so that the gateway sends them again', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, reference } = await openDeposit(p);
    const confirmations = env.ctx.app.services.deposits.confirmations as unknown as { opts: { maxPending: number } };
    const max = confirmations.opts.maxPending;
    confirmations.opts.maxPending = 0;
    try {
      const res = await sendCallback(env.ctx.app, { reference, bankReference: 'BCEL-FAKE-2', amount: '100000' });
      expect([res.statusCode, res.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    } finally {
      confirmations.opts.maxPending = max;
    }
    // the hint was written all the same (decision 060): a worker takes it up once its lease lapses
    expect(await count(sql`SELECT count(*) AS n FROM jobs WHERE unique_key = ${`deposit-confirm:${order.id}`} AND done_at IS NULL`)).toBe(
      1,
    );
    // (its order never paid and long expired, so that the worker's confirmation of it ends at once)
    await env.ctx.app.db.execute(sql`UPDATE deposit_orders SET expires_at = now() - interval '1 hour' WHERE id = ${order.id}`);
  });

  it('writes an acknowledged callback before answering: a process that dies is replaced by any worker, which credits it', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload, reference } = await openDeposit(p);
    const paid = await payLaoQr(env.sandbox.url, payload);
    // the process that acknowledges it dies before asking the gateway: its confirmation never runs
    const confirmations = env.ctx.app.services.deposits.confirmations;
    const hint = confirmations.hint.bind(confirmations);
    confirmations.hint = () => {};
    try {
      const res = await sendCallback(env.ctx.app, { reference, bankReference: paid.bankReference, amount: '100000' });
      expect(res.statusCode).toBe(202);
    } finally {
      confirmations.hint = hint;
    }
    const job = sql`SELECT count(*) AS n FROM jobs WHERE unique_key = ${`deposit-confirm:${order.id}`} AND done_at IS NULL`;
    expect(await count(job)).toBe(1);
    // not due before its lease lapses: the process that wrote it is working on it
    expect(await count(sql`SELECT count(*) AS n FROM jobs WHERE unique_key = ${`deposit-confirm:${order.id}`} AND run_at > now()`)).toBe(1);
    expect((await orderOf(p, order.id)).status).toBe('OPEN');
    // the lease lapsed: a worker takes it over, and this process confirms it
    await makeAllDue(env.ctx.app.db);
    await env.ctx.app.worker.runOnce();
    await confirmations.idle();
    await env.ctx.app.transfers.idle();
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
    expect(await paidPostings(order.id)).toBe(1);
    expect(await count(job)).toBe(0);
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(14_492n);
  });
});

/** N new players, each with a deposit of `amount + i` kip paid at the bank, and the callback notice for it. */
const paidDeposits = (n: number, amount: number) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const p = await registerPlayer(env.ctx.app);
      const d = await openDeposit(p, String(amount + i));
      const bank = await payLaoQr(env.sandbox.url, d.payload);
      return { p, d, notice: { reference: d.reference, bankReference: bank.bankReference, amount: String(amount + i) } };
    }),
  );

describe('settlement', () => {
  it('settles concurrent callbacks of many players without a deadlock, each credited once', async () => {
    const paid = await paidDeposits(8, 30_000);
    const answers = await Promise.all(paid.map((x) => sendCallback(env.ctx.app, x.notice)));
    expect(answers.map((r) => r.statusCode)).toEqual(paid.map(() => 202));
    await settleAll();
    for (const { p, d } of paid) {
      expect((await orderOf(p, d.order.id)).status).toBe('SUCCESS');
      expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(BigInt(d.order.credit.replace('.', '')));
    }
  });

  it('credits each order once when every callback of several orders arrives twice at the same moment', async () => {
    const paid = await paidDeposits(4, 40_000);
    const answers = await Promise.all(paid.flatMap((x) => [sendCallback(env.ctx.app, x.notice), sendCallback(env.ctx.app, x.notice)]));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 202));
    await settleAll();
    for (const { d } of paid) {
      expect(await paidPostings(d.order.id)).toBe(1);
      expect(await transfersOf(d.order.id)).toBe(1);
    }
    for (const { p, d } of paid) {
      expect((await orderOf(p, d.order.id)).status).toBe('SUCCESS');
      expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(BigInt(d.order.credit.replace('.', '')));
    }
  });

  it('ends SUCCESS after reconciliation when the provider transfer times out after committing', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload } = await openDeposit(p, '200000');
    await payLaoQr(env.sandbox.url, payload);
    await env.sandbox.providerFaults.set({
      providerId: 'gclub',
      operations: ['transfer'],
      timeoutAfterCommit: true,
      holdMs: 5_000,
      count: 1,
    });
    const checked = await call(p, 'POST', `/v2/deposits/${order.id}/check`);
    expect(checked.json().order.status).toBe('PAID');
    // told right after PAID; the provider's answer did not come in time
    await env.ctx.app.transfers.idle();
    const [t] = await queryRows<{ status: string; attempts: number }>(
      env.ctx.app.db,
      sql`SELECT status, attempts FROM provider_transfers WHERE order_id = ${order.id}`,
    );
    expect(t).toMatchObject({ status: 'PENDING', attempts: 1 });
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
    // 200,000 / 690 = 289.85 THB, applied at the provider exactly once
    expect(await env.sandbox.providerBalance('gclub', p.playerId)).toBe(28_985n);
  });

  it('marks FAILED when the provider refuses, with the credit kept at the exchange', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload } = await openDeposit(p);
    await payLaoQr(env.sandbox.url, payload);
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
    await call(p, 'POST', `/v2/deposits/${order.id}/check`);
    await settleAll();
    expect((await orderOf(p, order.id)).status).toBe('FAILED');
  });

  it('credits a payment that arrives after the player canceled the order, and marks it late', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload, reference } = await openDeposit(p);
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/cancel`)).json().order.status).toBe('CANCELED');
    const paid = await payLaoQr(env.sandbox.url, payload);
    expect((await sendCallback(env.ctx.app, { reference, bankReference: paid.bankReference, amount: '100000' })).statusCode).toBe(202);
    await settleAll();
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
    expect(await count(sql`SELECT count(*) AS n FROM deposit_orders WHERE id = ${order.id} AND paid_late`)).toBe(1);
  });

  it('cancels an order that is still unpaid at its expiry, and credits one that was paid without a callback', async () => {
    const unpaid = await registerPlayer(env.ctx.app);
    const payer = await registerPlayer(env.ctx.app);
    const a = await openDeposit(unpaid);
    const b = await openDeposit(payer);
    await payLaoQr(env.sandbox.url, b.payload);
    await env.ctx.app.worker.drain();
    expect((await orderOf(unpaid, a.order.id)).status).toBe('OPEN');
    await env.ctx.app.db.execute(
      sql`UPDATE deposit_orders SET expires_at = now() - interval '1 second' WHERE id IN (${a.order.id}, ${b.order.id})`,
    );
    await env.ctx.app.worker.drain({ skipBackoff: true });
    await settleAll();
    expect((await orderOf(unpaid, a.order.id)).status).toBe('CANCELED');
    expect((await orderOf(payer, b.order.id)).status).toBe('SUCCESS');
  });

  it('does not cancel a paid order: cancel settles it instead', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload } = await openDeposit(p);
    await payLaoQr(env.sandbox.url, payload);
    const res = await call(p, 'POST', `/v2/deposits/${order.id}/cancel`);
    expect(res.json().order.status).toBe('PAID');
    await settleAll();
    expect((await orderOf(p, order.id)).status).toBe('SUCCESS');
  });
});
