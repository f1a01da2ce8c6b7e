import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildLaoQr } from '@app/contracts';
import { createTestApp, type TestContext } from '../test/app.js';
import { payLaoQr, resetBankFaults, SandboxBankError, setBankFaults } from '../test/bank.js';
import { startSandbox, type TestSandbox } from '../test/sandbox.js';
import { BankGatewayRefusedError, BankGatewayUnavailableError, createBankGatewayClient, type BankGatewayClient } from './gateway-client.js';

let bank: TestSandbox;
let ctx: TestContext;
let gateway: BankGatewayClient;
let n = 0;

beforeAll(async () => {
  bank = await startSandbox();
  ctx = await createTestApp({ BANK_GATEWAY_URL: bank.url, PUBLIC_URL: 'http://127.0.0.1:9' });
  gateway = ctx.app.bankGateway;
});
afterEach(() => resetBankFaults(bank.url));
afterAll(async () => {
  await ctx.close();
  await bank.close();
});

function order(amountLak = 250_000n, expiresInMs = 600_000) {
  n += 1;
  const reference = `D26112201${String(n).padStart(2, '0')}`;
  const payload = buildLaoQr({
    bank: 'ldb',
    merchantId: 'DEMO-LDB-001',
    mcc: '5816',
    amountLak,
    merchantName: 'Lao Credit Demo',
    city: 'Vientiane',
    billNumber: reference,
    reference,
  });
  return { reference, payload, amountLak, expiresAt: new Date(Date.now() + expiresInMs) };
}

describe('app.bankGateway against the sandbox', () => {
  it('creates an order, sees it UNPAID, then PAID with the bank reference once paid', async () => {
    const o = order();
    const created = await gateway.createBill(o);
    expect(created.qrPayload).toBe(o.payload);
    expect(created.payUrl).toContain('/bank/pay#payload=');
    expect(await gateway.createBill(o)).toEqual(created);
    expect(await gateway.status(o.reference)).toEqual({ status: 'UNPAID', reference: o.reference });

    const paid = await payLaoQr(bank.url, o.payload, 'bcel');
    const status = await gateway.status(o.reference);
    expect(status).toEqual({
      status: 'PAID',
      reference: o.reference,
      bankReference: paid.bankReference,
      amountLak: 250_000n,
      currency: 'LAK',
      paidAt: new Date(paid.paidAt),
    });
    await expect(payLaoQr(bank.url, o.payload)).rejects.toMatchObject({ code: 'ALREADY_PAID' });
  });

  it('answers NOT_FOUND and EXPIRED', async () => {
    expect(await gateway.status('D999')).toEqual({ status: 'NOT_FOUND', reference: 'D999' });
    const o = order(100_000n, 200);
    await gateway.createBill(o);
    await new Promise((r) => setTimeout(r, 300));
    expect((await gateway.status(o.reference)).status).toBe('EXPIRED');
    await expect(payLaoQr(bank.url, o.payload)).rejects.toBeInstanceOf(SandboxBankError);
  });

  it('reports a refused order with the gateway code', async () => {
    const o = order();
    const err = await gateway.createBill({ ...o, amountLak: 1n }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BankGatewayRefusedError);
    expect((err as BankGatewayRefusedError).code).toBe('AMOUNT_MISMATCH');
  });

  it('throws BankGatewayUnavailableError when the status API is down, and decides nothing', async () => {
    const o = order();
    await gateway.createBill(o);
    await setBankFaults(bank.url, { statusDown: true });
    await expect(gateway.status(o.reference)).rejects.toThrow(/HTTP 503/);
    await expect(gateway.status(o.reference)).rejects.toBeInstanceOf(BankGatewayUnavailableError);
  });
});

describe('gateway client failures', () => {
  let silent: Server;
  let silentUrl: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // accepts connections and never answers: a hung gateway
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const addr = silent.address();
    silentUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => silent.close(r));
  });

  const client = (baseUrl: string, gatewaySecret = ctx.config.BANK_GATEWAY_SECRET) =>
    createBankGatewayClient({
      baseUrl,
      gatewaySecret,
      callbackSecret: 'x'.repeat(16),
      callbackUrl: 'http://127.0.0.1:9/cb',
      timeoutMs: 200,
    });

  it('times out a hung gateway', async () => {
    const started = Date.now();
    await expect(client(silentUrl).status('D1')).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('treats a closed port, a wrong path and a refused signature as unavailable, never as an answer', async () => {
    await expect(client('http://127.0.0.1:9').status('D1')).rejects.toBeInstanceOf(BankGatewayUnavailableError);
    await expect(client(`${bank.url}/nowhere`).status('D1')).rejects.toBeInstanceOf(BankGatewayUnavailableError);
    await expect(client(bank.url, 'wrong-secret-wrong-secret').status('D1')).rejects.toThrow(/HTTP 401/);
  });
});
