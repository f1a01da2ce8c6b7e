import type { FastifyInstance } from 'fastify';
import { BANK_CALLBACK_PATH, callbackSignature } from '../../payments/index.js';
import { afterEach, beforeEach, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BankCode, DepositOrder } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { checkLedger } from '../../ledger/check.js';
import { payLaoQr, resetBankFaults, setBankFaults } from '../../test/bank.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';

export function sendCallback(
  app: FastifyInstance,
  body: { reference: string; bankReference: string; amount: string; currency?: string; paidAt?: string },
  opts: { secret?: string; at?: number } = {},
) {
  const raw = JSON.stringify({ currency: 'LAK', paidAt: new Date().toISOString(), ...body });
  const timestamp = String(opts.at ?? Date.now());
  return app.inject({
    method: 'POST',
    url: BANK_CALLBACK_PATH,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': callbackSignature(opts.secret ?? app.config.BANK_CALLBACK_SECRET, timestamp, raw),
    },
    payload: raw,
  });
}

/**
 * The server and the sandbox for a test file of bank callbacks: the gateway sends no callback of
 * its own (each test sends the ones it needs), faults reset before each test, and after each one
 * nothing left in flight and the ledger whole. With the calls those tests make.
 */
export function useDepositCallbacks() {
  // the gateway's own callbacks go nowhere (PUBLIC_URL): each test sends the callbacks it needs
  const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '400', WORKER_RETRY_BASE_MS: '10' });
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

  async function openDeposit(p: TestPlayer, amount = '100000', bank: BankCode = 'bcel') {
    const res = await call(p, 'POST', '/v2/deposits', { providerId: 'gclub', mid: 'DEMO-LAK-001', bank, amount });
    expect(res.statusCode, res.body).toBe(201);
    const order = (res.json() as { order: DepositOrder }).order;
    const qr = (await call(p, 'GET', `/v2/deposits/${order.id}/qr`)).json() as { payload: string };
    const [row] = await queryRows<{ gateway_reference: string }>(
      env.ctx.app.db,
      sql`SELECT gateway_reference FROM deposit_orders WHERE id = ${order.id}`,
    );
    return { order, payload: qr.payload, reference: row!.gateway_reference };
  }

  const orderOf = async (p: TestPlayer, id: string) =>
    ((await call(p, 'GET', `/v2/deposits/${id}`)).json() as { order: DepositOrder }).order;
  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(env.ctx.app.db, query))[0]!.n);
  const paidPostings = (id: string) => count(sql`SELECT count(*) AS n FROM ledger_transactions WHERE reference = ${`deposit:${id}:paid`}`);
  /** Every confirmation and dispatched transfer finished, then whatever the worker has left (retries made due). */
  async function settleAll() {
    await env.ctx.app.services.deposits.confirmations.idle();
    await env.ctx.app.transfers.idle();
    await env.ctx.app.worker.drain({ skipBackoff: true });
  }
  const transfersOf = (id: string) => count(sql`SELECT count(*) AS n FROM provider_transfers WHERE order_id = ${id}`);

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

  return { env, call, openDeposit, orderOf, count, paidPostings, settleAll, transfersOf, paidDeposits };
}
