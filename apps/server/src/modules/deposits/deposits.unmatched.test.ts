import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { payLaoQr, setBankFaults } from '../../test/bank.js';
import { registerPlayer } from '../../test/players.js';
import { sendCallback, useDepositCallbacks } from './deposits.test-helpers.js';

const { env, openDeposit, orderOf, count, settleAll } = useDepositCallbacks();

/** What is booked for staff under a bank reference: the unmatched payment and its ledger posting. */
const booked = async (bankReference: string) => ({
  kept: await count(sql`SELECT count(*) AS n FROM unmatched_payments WHERE bank_reference = ${bankReference}`),
  kip: await count(sql`SELECT coalesce(sum(amount_lak), 0) AS n FROM unmatched_payments WHERE bank_reference = ${bankReference}`),
});

/** A 69,000 kip deposit, paid at the bank and credited. */
async function creditedDeposit() {
  const p = await registerPlayer(env.ctx.app);
  const d = await openDeposit(p, '69000');
  const paid = await payLaoQr(env.sandbox.url, d.payload);
  await sendCallback(env.ctx.app, { reference: d.reference, bankReference: paid.bankReference, amount: '69000' });
  await settleAll();
  expect((await orderOf(p, d.order.id)).status).toBe('SUCCESS');
  return { p, ...d, paid };
}

describe('a notice of a payment that credits no order (decision 120)', () => {
  it('books nothing for a signed callback claiming 690,000,000 kip on a paid 69,000 kip order the bank never saw', async () => {
    const { reference } = await creditedDeposit();
    const forged = { reference, bankReference: 'JDB-FORGED-690M', amount: '690000000' };
    const res = await sendCallback(env.ctx.app, forged);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true, status: 'SUCCESS' }]);
    expect(await booked(forged.bankReference)).toEqual({ kept: 0, kip: 0 });
  });

  it('books nothing for a callback naming no order, nor one reusing a real payment of another bill', async () => {
    const first = await creditedDeposit();
    const second = await creditedDeposit();
    const stray = await sendCallback(env.ctx.app, { reference: 'D0000000000-NONE', bankReference: 'STRAY-690M', amount: '690000000' });
    expect(stray.statusCode).toBe(404);
    // the first order's real bank reference, claimed for the second bill
    const replayed = await sendCallback(env.ctx.app, {
      reference: second.reference,
      bankReference: first.paid.bankReference,
      amount: '690000000',
    });
    expect(replayed.statusCode).toBe(200);
    expect(await booked('STRAY-690M')).toEqual({ kept: 0, kip: 0 });
    expect(await booked(first.paid.bankReference)).toEqual({ kept: 0, kip: 0 });
  });

  it('books a real second payment once, with the amount the bank booked and not the one the notice claims', async () => {
    const { payload, reference } = await creditedDeposit();
    await setBankFaults(env.sandbox.url, { repeatPayments: true });
    const again = await payLaoQr(env.sandbox.url, payload);
    const claim = { reference, bankReference: again.bankReference, amount: '690000000' };
    const answers = await Promise.all([sendCallback(env.ctx.app, claim), sendCallback(env.ctx.app, claim)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await booked(again.bankReference)).toEqual({ kept: 1, kip: 69_000 });
  });

  it('answers 503 while the bank cannot confirm it, books nothing, and books it when the bank answers again', async () => {
    const { payload, reference } = await creditedDeposit();
    await setBankFaults(env.sandbox.url, { repeatPayments: true });
    const again = await payLaoQr(env.sandbox.url, payload);
    await setBankFaults(env.sandbox.url, { statusDown: true });
    const notice = { reference, bankReference: again.bankReference, amount: '69000' };
    const refused = await sendCallback(env.ctx.app, notice);
    expect([refused.statusCode, refused.json().error.code]).toEqual([503, 'BANK_GATEWAY_UNAVAILABLE']);
    expect(await booked(again.bankReference)).toEqual({ kept: 0, kip: 0 });
    await setBankFaults(env.sandbox.url, { statusDown: false });
    expect((await sendCallback(env.ctx.app, notice)).statusCode).toBe(200);
    expect(await booked(again.bankReference)).toEqual({ kept: 1, kip: 69_000 });
  });
});
