import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { payLaoQr, setBankFaults } from '../../test/bank.js';
import { registerPlayer } from '../../test/players.js';
import { sendCallback, useDepositCallbacks } from './deposits.test-helpers.js';

const { env, call, openDeposit, orderOf, count, paidPostings, settleAll, transfersOf, paidDeposits } = useDepositCallbacks();

describe('deposit settlement', () => {
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

  it('disables the bill at the bank when the player cancels: the QR cannot be paid any more', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload } = await openDeposit(p);
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/cancel`)).json().order.status).toBe('CANCELED');
    await expect(payLaoQr(env.sandbox.url, payload)).rejects.toMatchObject({ code: 'ORDER_EXPIRED' });
  });

  it('credits a payment the bank reports only after the player canceled the order, and marks it late', async () => {
    const p = await registerPlayer(env.ctx.app);
    const { order, payload, reference } = await openDeposit(p);
    // paid as the player presses cancel: the bank's status does not show it yet
    await setBankFaults(env.sandbox.url, { statusLagMs: 300 });
    const paid = await payLaoQr(env.sandbox.url, payload);
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/cancel`)).json().order.status).toBe('CANCELED');
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
