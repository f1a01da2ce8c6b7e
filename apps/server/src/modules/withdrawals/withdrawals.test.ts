import { describe, expect, it } from 'vitest';
import type { ProviderId } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { providerTransfers, withdrawals } from '../../db/schema/index.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { addBankAccount, cancelWithdrawal, decide, fundCredit, staffLogin, withdraw } from './withdrawals.test-helpers.js';

const env = useServerAndSandbox({});

const { agencyId } = env;

async function fundedPlayer(amount: bigint, provider = 'alphabet'): Promise<TestPlayer> {
  const p = await registerPlayer(env.ctx.app);
  await addBankAccount(env.ctx.app, p);
  await fundCredit(env.ctx.app, agencyId(), p, provider, amount);
  return p;
}

/** The ledger is sound, and the player's ledger credit is what the provider holds. */
const expectAgreement = (p: TestPlayer, provider: ProviderId = 'alphabet') => env.expectAgreement(p, provider);

describe('POST /api/v2/withdrawals', () => {
  it('takes the credit from the provider and answers OPEN with the display fields', async () => {
    const p = await fundedPlayer(50_000n);
    const res = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '200.50' });
    expect(res.statusCode).toBe(201);
    const w = res.json().withdrawal;
    expect(w).toMatchObject({
      status: 'OPEN',
      providerId: 'alphabet',
      amount: '200.50',
      totalCredit: '200.50',
      creditReceived: '200.50',
      creditReturned: '0.00',
      promoCredit: '0.00',
      // 200.50 THB × 640 LAK (the demo buy rate)
      amountReceived: '128320',
      receivedCurrency: 'LAK',
      rate: '640',
      bank: 'bcel',
      accountName: `Test ${p.username}`,
      rejectReason: null,
    });
    expect(w.transactionCode).toMatch(/^W\d{6}\d{4}$/);
    expect(await expectAgreement(p)).toBe(50_000n - 20_050n);

    const open = await env.ctx.app.inject({ url: '/api/v2/withdrawals/open', headers: { host: 'localhost', cookie: p.cookie } });
    expect(open.json().items.map((x: { id: string }) => x.id)).toEqual([w.id]);
    const page = await env.ctx.app.inject({
      url: '/api/v2/withdrawals?page=1&pageSize=10',
      headers: { host: 'localhost', cookie: p.cookie },
    });
    expect(page.json()).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(page.json().items[0].id).toBe(w.id);
  });

  it('refuses each bad request with its own code and moves nothing', async () => {
    const noBank = await registerPlayer(env.ctx.app);
    await fundCredit(env.ctx.app, agencyId(), noBank, 'alphabet', 50_000n);
    const cases: [TestPlayer, object, number, string][] = [
      [noBank, { providerId: 'alphabet', amount: '200' }, 422, 'BANK_ACCOUNT_REQUIRED'],
    ];
    const p = await fundedPlayer(50_000n);
    cases.push(
      [p, { providerId: 'alphabet', amount: '99.99' }, 400, 'WITHDRAW_AMOUNT_OUT_OF_RANGE'],
      [p, { providerId: 'alphabet', amount: '200000.01' }, 400, 'WITHDRAW_AMOUNT_OUT_OF_RANGE'],
      [p, { providerId: 'alphabet', amount: '500.01' }, 422, 'WITHDRAW_INSUFFICIENT_CREDIT'],
      [p, { providerId: 'nowhere', amount: '200' }, 404, 'PROVIDER_NOT_FOUND'],
      [p, { providerId: 'alphabet', amount: '12.345' }, 400, 'VALIDATION_FAILED'],
      [p, { providerId: 'alphabet', amount: '-5' }, 400, 'VALIDATION_FAILED'],
      [p, { amount: '200' }, 400, 'VALIDATION_FAILED'],
    );
    for (const [player, body, status, code] of cases) {
      const res = await withdraw(env.ctx.app, player, body);
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    const missing = await withdraw(env.ctx.app, p, { providerId: 'alphabet' });
    expect(missing.json().error.fields).toEqual({ amount: 'withdraw.validation.amount_required' });
    expect(await expectAgreement(p)).toBe(50_000n);
    expect(await expectAgreement(noBank)).toBe(50_000n);
  });

  it('answers 401 to a visitor', async () => {
    const res = await env.ctx.app.inject({ method: 'POST', url: '/api/v2/withdrawals', headers: { host: 'localhost' }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('20 concurrent withdrawals of the whole credit: exactly one succeeds', async () => {
    const p = await fundedPlayer(30_000n);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '300' })),
    );
    const ok = answers.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json().withdrawal.status).toBe('OPEN');
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(['WITHDRAW_OPEN_ORDER_EXISTS', 'WITHDRAW_INSUFFICIENT_CREDIT']).toContain(r.json().error.code);
    }
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await expectAgreement(p)).toBe(0n);
  });

  it('a refused provider debit answers FAILED and moves nothing', async () => {
    const p = await fundedPlayer(40_000n);
    await env.sandbox.providerFaults.set({ providerId: 'alphabet', operations: ['transfer'], refuse: true, count: 1 });
    const res = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '150' });
    expect(res.statusCode).toBe(201);
    expect(res.json().withdrawal.status).toBe('FAILED');
    expect(await expectAgreement(p)).toBe(40_000n);
    // FAILED is over: the player may try again
    expect((await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '150' })).json().withdrawal.status).toBe('OPEN');
  });

  it('stays PENDING while the provider answer is unknown, then the worker finds it OPEN', async () => {
    const p = await fundedPlayer(40_000n);
    await env.sandbox.providerFaults.set({ providerId: 'alphabet', operations: ['transfer'], fail5xx: true, count: 1 });
    const res = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '150' });
    expect(res.json().withdrawal.status).toBe('PENDING');
    const again = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '100' });
    expect(again.json().error.code).toBe('WITHDRAW_OPEN_ORDER_EXISTS');
    await env.ctx.app.worker.drain({ skipBackoff: true });
    const open = await env.ctx.app.inject({ url: '/api/v2/withdrawals/open', headers: { host: 'localhost', cookie: p.cookie } });
    expect(open.json().items[0]).toMatchObject({ id: res.json().withdrawal.id, status: 'OPEN' });
    expect(await expectAgreement(p)).toBe(25_000n);
  });

  it('replays an Idempotency-Key and refuses it with another body', async () => {
    const p = await fundedPlayer(50_000n);
    const first = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '120' }, { 'idempotency-key': 'wd-1' });
    const second = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '120' }, { 'idempotency-key': 'wd-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const other = await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '130' }, { 'idempotency-key': 'wd-1' });
    expect(other.statusCode).toBe(422);
    expect(await expectAgreement(p)).toBe(38_000n);
  });

  it('made once when its first answer was never written (a crash after the commit) and staff decided it before the repeat', async () => {
    const p = await fundedPlayer(50_000n);
    const body = { providerId: 'alphabet', amount: '120' };
    const first = await withdraw(env.ctx.app, p, body, { 'idempotency-key': 'wd-crash' });
    expect(first.statusCode).toBe(201);
    const id = first.json().withdrawal.id;
    // the instance died before the key's answer was written, and its lease has passed; staff paid the withdrawal out
    await env.ctx.app.db.execute(
      sql`UPDATE idempotency_keys SET status_code = NULL, response = NULL, lease_expires_at = now() - interval '1 second' WHERE key = 'wd-crash'`,
    );
    const staff = await staffLogin(env.ctx.app, agencyId(), 'finance');
    expect((await decide(env.ctx.app, staff, id, 'approve', { bankReference: 'CRASH-1' })).statusCode).toBe(200);
    const again = await withdraw(env.ctx.app, p, body, { 'idempotency-key': 'wd-crash' });
    expect(again.statusCode).toBe(201);
    expect(again.json().withdrawal).toMatchObject({ id, status: 'SUCCESS' });
    const rows = await env.ctx.app.db.select().from(withdrawals).where(eq(withdrawals.playerId, p.playerId));
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(await expectAgreement(p)).toBe(38_000n);
  });
});

describe('POST /api/v2/withdrawals/:id/cancel', () => {
  it('returns the credit exactly once, however often and however concurrently it is asked', async () => {
    const p = await fundedPlayer(50_000n);
    const w = (await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '400' })).json().withdrawal;
    expect(await expectAgreement(p)).toBe(10_000n);
    const answers = await Promise.all(Array.from({ length: 8 }, () => cancelWithdrawal(env.ctx.app, p, w.id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(r.json().error.code).toBe('ORDER_NOT_OPEN');
    expect((await cancelWithdrawal(env.ctx.app, p, w.id)).json().error.code).toBe('ORDER_NOT_OPEN');
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await expectAgreement(p)).toBe(50_000n);
    const page = await env.ctx.app.inject({ url: '/api/v2/withdrawals', headers: { host: 'localhost', cookie: p.cookie } });
    expect(page.json().items[0].status).toBe('CANCELED');
  });

  it("tries again when the provider refuses the return, and another player's order is 404", async () => {
    const p = await fundedPlayer(50_000n);
    const w = (await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '400' })).json().withdrawal;
    const stranger = await registerPlayer(env.ctx.app);
    expect((await cancelWithdrawal(env.ctx.app, stranger, w.id)).statusCode).toBe(404);
    await env.sandbox.providerFaults.set({ providerId: 'alphabet', operations: ['transfer'], refuse: true, count: 2 });
    expect((await cancelWithdrawal(env.ctx.app, p, w.id)).json().withdrawal.status).toBe('CANCELED');
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await expectAgreement(p)).toBe(50_000n);
    const returns = await env.ctx.app.db.select().from(providerTransfers).where(eq(providerTransfers.orderId, w.id));
    expect(returns.map((t) => `${t.direction}:${t.status}`).sort()).toEqual(['IN:POSTED', 'IN:VOIDED', 'IN:VOIDED', 'OUT:POSTED']);
  });
});

describe('GET /api/v2/withdrawals/:id', () => {
  it("answers the player's own withdrawal as it is now; another player's, an unknown id and a visitor get nothing", async () => {
    const p = await fundedPlayer(50_000n);
    const w = (await withdraw(env.ctx.app, p, { providerId: 'alphabet', amount: '150' })).json().withdrawal;
    const get = (cookie: string | undefined, id: string) =>
      env.ctx.app.inject({ url: `/api/v2/withdrawals/${id}`, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });
    const mine = await get(p.cookie, w.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().withdrawal).toEqual(w);
    await cancelWithdrawal(env.ctx.app, p, w.id);
    expect((await get(p.cookie, w.id)).json().withdrawal.status).toBe('CANCELED');

    const stranger = await registerPlayer(env.ctx.app);
    const theirs = await get(stranger.cookie, w.id);
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect(JSON.stringify(theirs.json())).not.toContain(w.transactionCode);
    expect((await get(p.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(p.cookie, 'open-or-not')).statusCode).toBe(400);
    expect((await get(undefined, w.id)).statusCode).toBe(401);
    // the open list still answers at its own path
    expect((await get(p.cookie, 'open')).statusCode).toBe(200);
  });
});
