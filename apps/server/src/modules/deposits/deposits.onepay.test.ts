import { describe, expect, it, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildOnePayQr, readLaoQr, type DepositOrder } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { credentialsKey } from '../../lib/credentials.js';
import { BANK_ADAPTERS, setBankProtocol } from '../../payments/index.js';
import { payLaoQr } from '../../test/bank.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';

// the sandbox's default OnePay merchant (its ONEPAY_SHOPS) and its public subscribe key: invented values
const onePay = { mcid: 'mchLAOCREDITDEMO', shopcode: 'LCDEMO01', subscribeKey: 'sub-c-sandbox-onepay-subscribe', origin: 'sandbox' };
const env = useServerAndSandbox({ WORKER_RETRY_BASE_MS: '10', ONEPAY_RECONNECT_MS: '50' });
const app = () => env.ctx.app;

const call = (p: TestPlayer, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app().inject({ method, url: `/api${url}`, headers: { host: 'localhost', cookie: p.cookie }, ...(payload ? { payload } : {}) });
const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(app().db, query))[0]!.n);
const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error('timed out');
};
async function settle() {
  await app().onePayListener!.idle();
  await app().services.deposits.confirmations.idle();
  await app().transfers.idle();
  await app().worker.drain({ skipBackoff: true });
}
async function deposit(p: TestPlayer, amount: string) {
  const res = await call(p, 'POST', '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank: 'bcel', amount });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ order: DepositOrder }>().order;
  const { payload } = (await call(p, 'GET', `/v2/deposits/${order.id}/qr`)).json<{ payload: string }>();
  return { order, payload };
}
const statusOf = async (p: TestPlayer, id: string) =>
  (await call(p, 'GET', `/v2/deposits/${id}`)).json<{ order: DepositOrder }>().order.status;

beforeAll(async () => {
  await setBankProtocol(
    app().db,
    env.agencyId(),
    'bcel',
    { protocol: 'bcel-onepay', credentials: onePay },
    { key: credentialsKey(app().config), factories: BANK_ADAPTERS },
  );
  app().bankGateways.forget(env.agencyId());
  await app().onePayListener!.refresh();
});

describe('a BCEL deposit through OnePay', () => {
  it('shows our OnePay QR, and is paid once by the bank’s message on the channel, matched by uuid and amount', async () => {
    const p = await registerPlayer(app());
    const { order, payload } = await deposit(p, '69000');
    const qr = readLaoQr(payload);
    expect(qr.ok && qr.qr).toMatchObject({
      kind: 'onepay',
      bank: 'bcel',
      merchantId: onePay.mcid,
      amountLak: 69_000n,
      billNumber: order.transactionCode,
    });
    const paid = await payLaoQr(env.sandbox.url, payload, 'jdb');
    await until(async () => (await statusOf(p, order.id)) === 'SUCCESS');
    await settle();
    const [row] = await queryRows<{ bank_reference: string }>(
      app().db,
      sql`SELECT bank_reference FROM deposit_orders WHERE id = ${order.id}`,
    );
    expect(row!.bank_reference).toBe(paid.bankReference);
    // the last 30 minutes heard again (a reconnect): nothing is booked a second time
    const heard = app().onePayListener!.stats.delivered;
    app().onePayListener!.reconnect();
    await until(async () => app().onePayListener!.stats.delivered > heard);
    await settle();
    expect(await count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`deposit:${order.id}:paid`}`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM onepay_payments WHERE fccref = ${paid.bankReference}`)).toBe(1);
    await env.expectAgreement(p);
  });

  it('books a duplicated message once, and keeps a second payment of the same QR for staff', async () => {
    await env.sandbox.app.inject({ method: 'POST', url: '/bank/_faults', payload: { duplicateCallbacks: 2 } });
    try {
      const p = await registerPlayer(app());
      const { order, payload } = await deposit(p, '70000');
      await payLaoQr(env.sandbox.url, payload);
      await until(async () => (await statusOf(p, order.id)) === 'SUCCESS');
      const again = await payLaoQr(env.sandbox.url, payload);
      await until(
        async () => (await count(sql`SELECT count(*) AS n FROM unmatched_payments WHERE bank_reference = ${again.bankReference}`)) === 1,
      );
      await settle();
      expect(await count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`deposit:${order.id}:paid`}`)).toBe(1);
      expect(await count(sql`SELECT count(*) AS n FROM unmatched_payments WHERE order_id = ${order.id} AND reason = 'PAID_TWICE'`)).toBe(1);
    } finally {
      await env.sandbox.app.inject({ method: 'POST', url: '/bank/_faults/reset' });
    }
  });

  it('does not credit a payment of another amount under the order’s uuid', async () => {
    const p = await registerPlayer(app());
    const { order } = await deposit(p, '71000');
    const [row] = await queryRows<{ gateway_reference: string }>(
      app().db,
      sql`SELECT gateway_reference FROM deposit_orders WHERE id = ${order.id}`,
    );
    // a QR for the same transaction uuid with a larger amount: BCEL books what was paid, the order waits for staff
    const other = buildOnePayQr({
      mcid: onePay.mcid,
      amountLak: 690_000_000n,
      invoice: order.transactionCode,
      uuid: row!.gateway_reference,
    });
    const paid = await payLaoQr(env.sandbox.url, other);
    await until(
      async () => (await count(sql`SELECT count(*) AS n FROM unmatched_payments WHERE bank_reference = ${paid.bankReference}`)) === 1,
    );
    await settle();
    expect(await statusOf(p, order.id)).toBe('OPEN');
    expect(
      await count(
        sql`SELECT count(*) AS n FROM unmatched_payments WHERE bank_reference = ${paid.bankReference} AND reason = 'AMOUNT_MISMATCH'`,
      ),
    ).toBe(1);
  });
});
