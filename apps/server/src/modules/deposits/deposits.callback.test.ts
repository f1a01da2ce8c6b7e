import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAllDue } from '../../jobs/queue.js';
import { payLaoQr, setBankFaults } from '../../test/bank.js';
import { registerPlayer } from '../../test/players.js';
import { sendCallback, useDepositCallbacks } from './deposits.test-helpers.js';

const { env, openDeposit, orderOf, count, paidPostings, settleAll, transfersOf } = useDepositCallbacks();

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
