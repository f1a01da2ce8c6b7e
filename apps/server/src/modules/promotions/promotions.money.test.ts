import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ProviderId } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { promotionUsages } from '../../db/schema/index.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount, decide, staffLogin, withdraw } from '../withdrawals/withdrawals.test-helpers.js';
import { as, makePromotion, openDeposit, payDeposit, promotionAccount, usePromotion } from './promotions.test-helpers.js';

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9', WORKER_RETRY_BASE_MS: '5' });
const app = () => env.ctx.app;
const code = (res: { json(): { error?: { code: string } } }) => res.json().error?.code;

async function player() {
  const p = await registerPlayer(app());
  await addBankAccount(app(), p);
  return p;
}
const usageOf = async (id: string) => (await app().db.select().from(promotionUsages).where(eq(promotionUsages.id, id)))[0]!;
const balance = async (p: TestPlayer, provider: ProviderId = 'gclub') => (await env.sandbox.providerBalance(provider, p.playerId)) ?? 0n;

/**
 * The promotion account is what DESIGN.md §8 says it is (promotionAccount): bonuses credited less
 * those taken back and returned (a bonus whose deposit transfer the provider voided came back).
 */
async function expectPromotionAccount() {
  const f = await promotionAccount(app());
  expect(-f.account).toBe(f.credited - f.clawed - f.returned);
}

async function approve(id: string) {
  const staff = await staffLogin(app(), env.agencyId(), 'finance');
  const res = await decide(app(), staff, id, 'approve', { bankReference: `REF-${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().withdrawal;
}

describe('a promotion through deposit, play and withdrawal', () => {
  it('first deposit 100 % up to 300, turnover × 3, cap 500 %: the bonus in the deposit transfer, the cap excess to the house', async () => {
    const promo = await makePromotion(app(), env.agencyId(), {
      firstOrderOnly: true,
      bonus: { kind: 'PERCENT', percent: '100', maxAmount: '300' },
      turnoverMultiple: 3,
      receivableCapPercent: '500',
    });
    const p = await player();
    const usage = (await usePromotion(app(), p, promo.id)).json().usage;
    // 207,000 kip at 690 → 300.00 THB of credit, and 300.00 of bonus in the same transfer
    const orderId = await payDeposit(app(), env.sandbox.url, p, 207_000);
    await app().worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(p)).toBe(60_000n);
    const transfers = await queryRows<{ amount: string }>(
      app().db,
      sql`SELECT amount::text FROM provider_transfers WHERE order_id = ${orderId}`,
    );
    expect(transfers).toEqual([{ amount: '60000' }]);
    expect(await usageOf(usage.id)).toMatchObject({ status: 'USED', bonus: 30_000n, depositCredit: 30_000n, turnoverRequired: 180_000n });
    await expectPromotionAccount();

    expect(code(await withdraw(app(), p, { providerId: 'gclub', amount: '100' }))).toBe('WITHDRAW_TURNOVER_NOT_MET');
    for (let i = 0; i < 3; i++) await env.sandbox.providerBet('gclub', p.playerId, 60_000n, 60_000n);
    await env.sandbox.providerBet('gclub', p.playerId, 10_000n, 190_000n);
    expect(await balance(p)).toBe(240_000n);
    const res = await withdraw(app(), p, { providerId: 'gclub', amount: '2000' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().withdrawal).toMatchObject({
      totalCredit: '2000.00',
      creditReceived: '1500.00',
      creditReturned: '500.00',
      promoCredit: '0.00',
      amountReceived: '960000',
    });
    expect((await usageOf(usage.id)).turnover).toBe(190_000n);
    await approve(res.json().withdrawal.id);
    await app().worker.drain({ skipBackoff: true });
    expect(await usageOf(usage.id)).toMatchObject({ status: 'SUCCESS', closedBy: 'WITHDRAWAL' });
    expect(await env.expectAgreement(p)).toBe(40_000n);
    await expectPromotionAccount();
    const history = await as(app(), p, 'GET', '/v2/promotions/usages');
    expect(history.json().items[0]).toMatchObject({ id: usage.id, status: 'SUCCESS', bonus: '300.00', turnover: '1900.00' });
  });

  it('set amount for a fixed bonus, withdraw all, bonus deducted; the deposit goes to its provider for that amount only', async () => {
    const promo = await makePromotion(app(), env.agencyId(), {
      depositAmount: '100000',
      bonus: { kind: 'FIXED', amount: '20' },
      withdrawAll: true,
      deductBonusOnWithdraw: true,
    });
    const p = await player();
    const usage = (await usePromotion(app(), p, promo.id)).json().usage;
    expect(code(await openDeposit(app(), p, 60_000))).toBe('DEPOSIT_AMOUNT_MUST_EQUAL_PROMOTION');
    expect(code(await openDeposit(app(), p, 100_000, 'alphabet'))).toBe('PROMOTION_USED_BY_PROVIDER');
    await payDeposit(app(), env.sandbox.url, p, 100_000);
    await app().worker.drain({ skipBackoff: true });
    // 100,000 / 690 = 144.92, and the 20.00 bonus
    expect(await env.expectAgreement(p)).toBe(16_492n);
    // in use: a new deposit only below the threshold (5 THB)
    expect(code(await openDeposit(app(), p, 100_000))).toBe('PROMOTION_CREDIT_USED');
    expect(code(await withdraw(app(), p, { providerId: 'gclub', amount: '120' }))).toBe('WITHDRAW_MUST_WITHDRAW_ALL');
    const res = await withdraw(app(), p, { providerId: 'gclub', amount: '164.92' });
    expect(res.json().withdrawal).toMatchObject({
      totalCredit: '164.92',
      promoCredit: '20.00',
      creditReceived: '144.92',
      creditReturned: '0.00',
    });
    // a rejected withdrawal gives the whole credit back, and the usage stays USED
    const staff = await staffLogin(app(), env.agencyId(), 'owner');
    expect((await decide(app(), staff, res.json().withdrawal.id, 'reject', { reason: 'try again' })).statusCode).toBe(200);
    await app().worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(p)).toBe(16_492n);
    expect((await usageOf(usage.id)).status).toBe('USED');
    const again = await withdraw(app(), p, { providerId: 'gclub', amount: '164.92' });
    await approve(again.json().withdrawal.id);
    expect((await usageOf(usage.id)).status).toBe('SUCCESS');
    expect(await env.expectAgreement(p)).toBe(0n);
    await expectPromotionAccount();
  });

  it('a target credit must be reached before a withdrawal', async () => {
    const promo = await makePromotion(app(), env.agencyId(), {
      bonus: { kind: 'PERCENT', percent: '10', maxAmount: '100' },
      targetCredit: '500',
    });
    const p = await player();
    await usePromotion(app(), p, promo.id);
    await payDeposit(app(), env.sandbox.url, p, 207_000);
    await app().worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(p)).toBe(33_000n);
    expect(code(await withdraw(app(), p, { providerId: 'gclub', amount: '100' }))).toBe('WITHDRAW_BELOW_PROMOTION_TARGET');
    await env.sandbox.providerBet('gclub', p.playerId, 1_000n, 20_000n);
    const res = await withdraw(app(), p, { providerId: 'gclub', amount: '100' });
    expect(res.json().withdrawal).toMatchObject({ creditReceived: '100.00', creditReturned: '0.00', promoCredit: '0.00' });
  });
});

describe('cancel', () => {
  it('from USED takes the bonus back, never more than the credit there', async () => {
    const promo = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } });
    const [rich, poor] = [await player(), await player()];
    for (const p of [rich, poor]) {
      await usePromotion(app(), p, promo.id);
      await payDeposit(app(), env.sandbox.url, p, 50_000);
    }
    await app().worker.drain({ skipBackoff: true });
    await env.sandbox.providerBet('gclub', poor.playerId, 8_000n);
    expect(await balance(poor)).toBe(1_246n);
    for (const p of [rich, poor]) {
      const usageId = (await as(app(), p, 'GET', '/v2/players/promotions/using')).json().usage.id;
      const res = await as(app(), p, 'POST', '/v2/promotions/usages/cancel', { usageId });
      expect(res.json().usage.status, res.body).toBe('CANCELED');
    }
    await app().worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(rich)).toBe(7_246n);
    expect(await env.expectAgreement(poor)).toBe(0n);
    const clawed = await app()
      .db.select({ c: promotionUsages.clawedBack })
      .from(promotionUsages)
      .where(eq(promotionUsages.promotionId, promo.id));
    expect(clawed.map((r) => r.c).sort()).toEqual([1_246n, 2_000n]);
    await expectPromotionAccount();
  });

  it('a deposit transfer VOIDED by the provider: the usage ends by itself and the bonus goes back to the promotion account', async () => {
    const promo = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } });
    const p = await player();
    await payDeposit(app(), env.sandbox.url, p, 50_000);
    await app().worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(p)).toBe(7_246n);
    const usage = (await usePromotion(app(), p, promo.id)).json().usage;
    expect(usage?.status).toBe('ACTIVE');
    const exchangeThb = async () => {
      const [row] = await queryRows<{ balance: string }>(
        app().db,
        sql`SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts
             WHERE agency_id = ${env.agencyId()} AND type = 'EXCHANGE' AND currency = 'THB'`,
      );
      return BigInt(row!.balance);
    };
    const exchangeBefore = await exchangeThb();
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['transfer'], refuse: true, count: 1 });
    const orderId = await payDeposit(app(), env.sandbox.url, p, 50_000);
    await app().worker.drain({ skipBackoff: true });
    const [t] = await queryRows<{ status: string; amount: string }>(
      app().db,
      sql`SELECT status, amount::text FROM provider_transfers WHERE reference = ${'dep:' + orderId}`,
    );
    expect(t!.status).toBe('VOIDED');
    expect(BigInt(t!.amount)).toBe(7_246n + 2_000n);
    expect(await usageOf(usage.id)).toMatchObject({ status: 'CANCELED', closedBy: 'VOIDED', clawedBack: 0n, bonus: 2_000n });
    await expectPromotionAccount();
    // EXCHANGE(THB), where the deposit's credit left from, is back where it was: the kip waits at
    // EXCHANGE(LAK) for staff, and no bonus is left over there
    expect((await exchangeThb()) - exchangeBefore).toBe(0n);
    // the usage has ended: a cancel is refused, and nothing is taken from the credit there
    const again = await as(app(), p, 'POST', '/v2/promotions/usages/cancel', { usageId: usage.id });
    expect(again.statusCode).toBe(409);
    expect(await env.expectAgreement(p)).toBe(7_246n);
  });

  it('racing the deposit being paid: one outcome, and the money agrees', async () => {
    const promo = await makePromotion(app(), env.agencyId(), { bonus: { kind: 'FIXED', amount: '20' } });
    for (let round = 0; round < 4; round++) {
      const p = await player();
      const usage = (await usePromotion(app(), p, promo.id)).json().usage;
      const order = (await openDeposit(app(), p, 50_000)).json().order;
      const qr = await as(app(), p, 'GET', `/v2/deposits/${order.id}/qr`);
      const { payLaoQr } = await import('../../test/bank.js');
      await payLaoQr(env.sandbox.url, qr.json().payload, 'bcel');
      const [checked, cancelled] = await Promise.all([
        as(app(), p, 'POST', `/v2/deposits/${order.id}/check`),
        as(app(), p, 'POST', '/v2/promotions/usages/cancel', { usageId: usage.id }),
      ]);
      expect(checked.statusCode).toBe(200);
      expect([200, 409]).toContain(cancelled.statusCode);
      await app().worker.drain({ skipBackoff: true });
      const u = await usageOf(usage.id);
      const credit = await env.expectAgreement(p);
      if (u.status === 'CANCELED' && u.depositOrderId === null) expect(credit).toBe(7_246n);
      else if (u.status === 'CANCELED') expect(credit).toBe(9_246n - u.clawedBack!);
      else expect([u.status, credit]).toEqual(['USED', 9_246n]);
    }
    await expectPromotionAccount();
  });
});
