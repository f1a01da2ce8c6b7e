import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseLaoQr } from '@app/contracts';
import { queryRows } from '../db/client.js';
import { credentialsKey } from '../lib/credentials.js';
import { useDepositCallbacks } from '../modules/deposits/deposits.test-helpers.js';
import { payLaoQr, setBankFaults } from '../test/bank.js';
import { registerPlayer } from '../test/players.js';
import { BANK_ADAPTERS } from './adapters.js';
import { setBankProtocol } from './bank-gateways.js';
import { demoJdb } from './demo.js';

const { env, call, openDeposit, orderOf, settleAll } = useDepositCallbacks();
const app = () => env.ctx.app;

beforeAll(async () => {
  await setBankProtocol(
    app().db,
    env.agencyId(),
    'jdb',
    { protocol: 'jdb-yes', credentials: demoJdb(env.sandbox.url) },
    { key: credentialsKey(app().config), factories: BANK_ADAPTERS },
  );
  app().bankGateways.forget(env.agencyId());
});

describe('jdb-yes against the sandbox bank speaking JDB', () => {
  it('shows the QR JDB generated; unpaid until the bank books the payment; credited once the bank says so', async () => {
    const p = await registerPlayer(app());
    const { order, payload, reference } = await openDeposit(p, '69000', 'jdb');
    expect(parseLaoQr(payload)).toMatchObject({ bank: 'jdb', merchantId: 'DEMO-JDB-001', billNumber: reference, amountLak: 69_000n });
    const jdb = await app().bankGateways.for(env.agencyId(), 'jdb');
    expect(await jdb.status(reference)).toEqual({ status: 'UNPAID', reference });
    const paid = await payLaoQr(env.sandbox.url, payload);
    await expect(payLaoQr(env.sandbox.url, payload)).rejects.toMatchObject({ code: 'ALREADY_PAID' });
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/check`)).statusCode).toBe(200);
    await settleAll();
    expect(await orderOf(p, order.id)).toMatchObject({ status: 'SUCCESS' });
    const [row] = await queryRows<{ bank_reference: string }>(
      app().db,
      sql`SELECT bank_reference FROM deposit_orders WHERE id = ${order.id}`,
    );
    expect(row!.bank_reference).toBe(paid.bankReference);
  });

  it('disables the bill at JDB when the player cancels: the QR cannot be paid any more', async () => {
    const p = await registerPlayer(app());
    const { order, payload } = await openDeposit(p, '70000', 'jdb');
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/cancel`)).json().order.status).toBe('CANCELED');
    await expect(payLaoQr(env.sandbox.url, payload)).rejects.toMatchObject({ code: 'ORDER_EXPIRED' });
  });

  it('says nothing while JDB cannot be asked, and decides nothing', async () => {
    const p = await registerPlayer(app());
    const { order, payload } = await openDeposit(p, '71000', 'jdb');
    await payLaoQr(env.sandbox.url, payload);
    await setBankFaults(env.sandbox.url, { statusDown: true });
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/check`)).json().error.code).toBe('BANK_GATEWAY_UNAVAILABLE');
    expect((await orderOf(p, order.id)).status).toBe('OPEN');
  });
});
