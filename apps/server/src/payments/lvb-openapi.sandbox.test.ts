import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLaoQr } from '@app/contracts';
import { credentialsKey } from '../lib/credentials.js';
import { useDepositCallbacks } from '../modules/deposits/deposits.test-helpers.js';
import { payLaoQr, setBankFaults } from '../test/bank.js';
import { registerPlayer } from '../test/players.js';
import { BANK_ADAPTERS } from './adapters.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError } from './bank-gateway.js';
import { setBankProtocol } from './bank-gateways.js';
import { demoLvb } from './demo.js';
import { createLvbOpenApiGateway } from './lvb-openapi.js';

const { env, call, openDeposit, orderOf, settleAll } = useDepositCallbacks();
const app = () => env.ctx.app;
const lvb = () => app().bankGateways.for(env.agencyId(), 'lvb');

// a merchant endpoint that keeps the bank's notices as sent
const notices: string[] = [];
const receiver = Fastify({ logger: false });
receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
receiver.post('/lvb', async (request) => {
  notices.push(request.body as string);
  return { ok: true };
});
let receiverUrl = '';

beforeAll(async () => {
  receiverUrl = `${await receiver.listen({ host: '127.0.0.1', port: 0 })}/lvb`;
  await setBankProtocol(
    app().db,
    env.agencyId(),
    'lvb',
    { protocol: 'lvb-openapi', credentials: demoLvb(env.sandbox.url) },
    { key: credentialsKey(app().config), factories: BANK_ADAPTERS },
  );
  app().bankGateways.forget(env.agencyId());
});
afterAll(() => receiver.close());

describe('lvb-openapi against the sandbox bank speaking LVB', () => {
  it('shows the QR LVB generated; unpaid until the bank books the payment; credited once the bank says so', async () => {
    const p = await registerPlayer(app());
    const { order, payload, reference } = await openDeposit(p, '69000', 'lvb');
    expect(parseLaoQr(payload)).toMatchObject({ bank: 'lvb', merchantId: 'DEMO-LVB-001', billNumber: reference, amountLak: 69_000n });
    expect(await (await lvb()).status(reference)).toEqual({ status: 'UNPAID', reference });
    const paid = await payLaoQr(env.sandbox.url, payload);
    await expect(payLaoQr(env.sandbox.url, payload)).rejects.toMatchObject({ code: 'ALREADY_PAID' });
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/check`)).statusCode).toBe(200);
    await settleAll();
    expect(await orderOf(p, order.id)).toMatchObject({ status: 'SUCCESS' });
    const gateway = await lvb();
    expect(await gateway.payment(paid.bankReference)).toMatchObject({ reference, bankReference: paid.bankReference, amountLak: 69_000n });
    const now = Date.now();
    const listed = await gateway.listTransactions(new Date(now - 60_000), new Date(now + 60_000));
    expect(listed.map((t) => t.bankReference)).toContain(paid.bankReference);
  });

  it("sends a notice the adapter verifies, naming the bill; a notice with another bill's id does not verify", async () => {
    await setBankFaults(env.sandbox.url, { noCallback: false });
    const gateway = await lvb();
    const reference = `LVBNOTE${Date.now()}`.slice(0, 22);
    const { qrPayload } = await gateway.createBill({
      reference,
      amountLak: 50_000n,
      expiresAt: new Date(Date.now() + 600_000),
      payload: 'ours',
      description: 'NOTICE TEST',
      callbackUrl: receiverUrl,
    });
    await payLaoQr(env.sandbox.url, qrPayload);
    await expect.poll(() => notices.length).toBe(1);
    expect(gateway.verifyNotice!({}, notices[0]!, new Date())).toEqual({ reference, bankReference: null, amountLak: null });
    const forged = { ...(JSON.parse(notices[0]!) as Record<string, unknown>), Trans_Id: 'OTHER' };
    expect(() => gateway.verifyNotice!({}, JSON.stringify(forged), new Date())).toThrow(/does not match/);
    expect((await gateway.status(reference)).status).toBe('PAID');
  });

  it('logs in again when the bank ended its token mid-run, and answers as before', async () => {
    const gateway = await lvb();
    const { reference } = await openDeposit(await registerPlayer(app()), '72000', 'lvb');
    expect((await gateway.status(reference)).status).toBe('UNPAID');
    expect((await fetch(`${env.sandbox.url}/bank/_tokens/expire`, { method: 'POST' })).status).toBe(200);
    expect((await gateway.status(reference)).status).toBe('UNPAID');
  });

  it('refuses by its numbered codes: the same id with another amount, an amount over the limit', async () => {
    const gateway = await lvb();
    const bill = { reference: `LVBDUP${Date.now()}`.slice(0, 22), expiresAt: new Date(), payload: 'ours' };
    const first = await gateway.createBill({ ...bill, amountLak: 80_000n });
    // the same request again answers the same QR
    expect(await gateway.createBill({ ...bill, amountLak: 80_000n })).toEqual(first);
    for (const [amountLak, code] of [
      [81_000n, 'DUPLICATE_ID'],
      [200_000_000n, 'LIMIT_PER_TRANSACTION'],
    ] as const) {
      const err = await gateway
        .createBill({ ...bill, reference: code === 'DUPLICATE_ID' ? bill.reference : `${bill.reference}X`, amountLak })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BankGatewayRefusedError);
      expect((err as BankGatewayRefusedError).code).toBe(code);
    }
  });

  it('is unavailable with a wrong private key or wrong password, and while its status service is down', async () => {
    const ctx = { agencyId: env.agencyId(), bank: 'lvb' as const, timeoutMs: 2000, publicUrl: 'http://127.0.0.1:9' };
    for (const wrong of [{ privateKey: 'another-private-key-0001' }, { password: 'another-password' }]) {
      const gateway = createLvbOpenApiGateway({ ...demoLvb(env.sandbox.url), ...wrong }, ctx);
      await expect(gateway.status('ANY')).rejects.toBeInstanceOf(BankGatewayUnavailableError);
    }
    const p = await registerPlayer(app());
    const { order, payload } = await openDeposit(p, '71000', 'lvb');
    await payLaoQr(env.sandbox.url, payload);
    await setBankFaults(env.sandbox.url, { statusDown: true });
    expect((await call(p, 'POST', `/v2/deposits/${order.id}/check`)).json().error.code).toBe('BANK_GATEWAY_UNAVAILABLE');
    expect((await orderOf(p, order.id)).status).toBe('OPEN');
  });
});
