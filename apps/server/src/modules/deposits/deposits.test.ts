import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { convert, crc16CcittFalse, parseLaoQr, type DepositOrder } from '@app/contracts';
import { checkLedger } from '../../ledger/check.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { decodeQrSvg } from '../../test/qr.js';

const MID = 'DEMO-LAK-001';
const body = (over: Record<string, unknown> = {}) => ({ providerId: 'gclub', mid: MID, bank: 'bcel', amount: '100000', ...over });

const env = useServerAndSandbox({ PUBLIC_URL: 'http://127.0.0.1:9' });
beforeAll(async () => {
  // callbacks go nowhere: these tests send them themselves (deposits.callback.test.ts)
  await fetch(`${env.sandbox.url}/bank/_faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"noCallback":true}',
  });
});
afterEach(async () => {
  expect(await checkLedger(env.ctx.app.db)).toEqual([]);
});

function call(p: TestPlayer, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return env.ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { host: 'localhost', cookie: p.cookie, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}
async function create(p: TestPlayer, over: Record<string, unknown> = {}): Promise<DepositOrder> {
  const res = await call(p, 'POST', '/v2/deposits', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: DepositOrder }).order;
}

describe('POST /v2/deposits', () => {
  it('opens an order with a daily transaction code, the credit at the sell rate and a 10-minute expiry', async () => {
    const p = await registerPlayer(env.ctx.app);
    const before = Date.now();
    const order = await create(p);
    expect(order.transactionCode).toMatch(/^D\d{6}\d{4}$/);
    expect(order).toMatchObject({
      status: 'OPEN',
      amount: '100000',
      currency: 'LAK',
      providerId: 'gclub',
      bank: 'bcel',
      mid: MID,
      rate: '690',
    });
    // 100,000 / 690 = 144.927… THB, rounded down to the satang
    expect(order.credit).toBe('144.92');
    expect(convert('DEPOSIT', 100_000n, { currency: 'LAK', buyRate: '640', sellRate: '690' })).toBe(14_492n);
    const ttl = new Date(order.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    const second = await create(await registerPlayer(env.ctx.app));
    expect(Number(second.transactionCode.slice(-4))).toBe(Number(order.transactionCode.slice(-4)) + 1);
  });

  it('serves a LAO QR that parses, whose CRC verifies, and whose SVG decodes back to the same payload', async () => {
    const p = await registerPlayer(env.ctx.app);
    const order = await create(p, { amount: '250000', bank: 'jdb' });
    const res = await call(p, 'GET', `/v2/deposits/${order.id}/qr`);
    expect(res.statusCode).toBe(200);
    const qr = res.json() as { payload: string; svg: string; amount: string; bank: string; expiresAt: string };
    expect(qr).toMatchObject({ amount: '250000', bank: 'jdb', expiresAt: order.expiresAt });
    const fields = parseLaoQr(qr.payload);
    expect(fields).toMatchObject({
      initiation: '12',
      iin: '32170418',
      currency: '418',
      amountLak: 250_000n,
      country: 'LA',
      billNumber: order.transactionCode,
    });
    expect(qr.payload.slice(-4)).toBe(crc16CcittFalse(qr.payload.slice(0, -4)));
    expect(qr.svg.startsWith('<svg')).toBe(true);
    expect(decodeQrSvg(qr.svg)).toBe(qr.payload);
  });

  it('refuses amounts outside the agency bounds, bad amounts, unknown MIDs and missing fields', async () => {
    const p = await registerPlayer(env.ctx.app);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ amount: '19999' }, 400, 'DEPOSIT_AMOUNT_OUT_OF_RANGE'],
      [{ amount: '50000001' }, 400, 'DEPOSIT_AMOUNT_OUT_OF_RANGE'],
      [{ amount: '100000.5' }, 400, 'VALIDATION_FAILED'],
      [{ amount: 'abc' }, 400, 'VALIDATION_FAILED'],
      [{ mid: 'NOPE' }, 404, 'CURRENCY_NOT_FOUND'],
      [{ bank: 'nobank' }, 400, 'VALIDATION_FAILED'],
      [{ providerId: 'nope' }, 400, 'VALIDATION_FAILED'],
      [{ bank: undefined }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [over, status, code] of cases) {
      const res = await call(p, 'POST', '/v2/deposits', body(over));
      expect([res.statusCode, res.json().error.code], JSON.stringify(over)).toEqual([status, code]);
    }
    expect((await create(p, { amount: '20000' })).amount).toBe('20000');
    await call(p, 'POST', `/v2/deposits/${(await call(p, 'GET', '/v2/deposits/open')).json().order.id}/cancel`);
    expect((await create(p, { amount: '50000000' })).amount).toBe('50000000');
  });

  it('keeps one open order per player until it is canceled', async () => {
    const p = await registerPlayer(env.ctx.app);
    const first = await create(p);
    const again = await call(p, 'POST', '/v2/deposits', body({ amount: '30000' }));
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'DEPOSIT_OPEN_ORDER_EXISTS']);
    expect((await call(p, 'GET', '/v2/deposits/open')).json().order.id).toBe(first.id);
    const canceled = await call(p, 'POST', `/v2/deposits/${first.id}/cancel`);
    expect(canceled.json().order.status).toBe('CANCELED');
    const twice = await call(p, 'POST', `/v2/deposits/${first.id}/cancel`);
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'ORDER_NOT_OPEN']);
    expect((await call(p, 'GET', '/v2/deposits/open')).json()).toEqual({ order: null });
    await create(p, { amount: '30000' });
  });

  it('answers the first answer again for a repeated Idempotency-Key, 422 for another body', async () => {
    const p = await registerPlayer(env.ctx.app);
    const key = { 'idempotency-key': 'dep-key-1' };
    const first = await call(p, 'POST', '/v2/deposits', body(), key);
    const replay = await call(p, 'POST', '/v2/deposits', body(), key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().order.id).toBe(first.json().order.id);
    const other = await call(p, 'POST', '/v2/deposits', body({ amount: '30000' }), key);
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const list = await call(p, 'GET', '/v2/deposits');
    expect(list.json().total).toBe(1);
  });
});

describe('an order', () => {
  it("is another player's 404 everywhere", async () => {
    const owner = await registerPlayer(env.ctx.app);
    const stranger = await registerPlayer(env.ctx.app);
    const order = await create(owner);
    for (const [method, url] of [
      ['GET', `/v2/deposits/${order.id}`],
      ['GET', `/v2/deposits/${order.id}/qr`],
      ['POST', `/v2/deposits/${order.id}/check`],
      ['POST', `/v2/deposits/${order.id}/cancel`],
    ] as const) {
      const res = await call(stranger, method, url);
      expect([res.statusCode, res.json().error.code], url).toEqual([404, 'NOT_FOUND']);
    }
    expect((await call(stranger, 'GET', '/v2/deposits')).json().total).toBe(0);
    expect((await call(owner, 'GET', `/v2/deposits/${order.id}`)).json().order.status).toBe('OPEN');
  });

  it('answers ORDER_NOT_PAID to check until it is paid, and needs a login', async () => {
    const p = await registerPlayer(env.ctx.app);
    const order = await create(p);
    const res = await call(p, 'POST', `/v2/deposits/${order.id}/check`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'ORDER_NOT_PAID']);
    const anonymous = await env.ctx.app.inject({ method: 'GET', url: '/api/v2/deposits', headers: { host: 'localhost' } });
    expect(anonymous.statusCode).toBe(401);
    const badId = await call(p, 'GET', '/v2/deposits/not-a-uuid/qr');
    expect(badId.statusCode).toBe(400);
  });

  it('pages the history newest first', async () => {
    const p = await registerPlayer(env.ctx.app);
    expect((await call(p, 'GET', '/v2/deposits?page=1&pageSize=2')).json()).toMatchObject({ items: [], total: 0 });
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await create(p, { amount: String(20_000 + i) });
      codes.push(o.transactionCode);
      await call(p, 'POST', `/v2/deposits/${o.id}/cancel`);
    }
    const page1 = (await call(p, 'GET', '/v2/deposits?page=1&pageSize=2')).json();
    const page2 = (await call(p, 'GET', '/v2/deposits?page=2&pageSize=2')).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect([...page1.items, ...page2.items].map((o: DepositOrder) => o.transactionCode)).toEqual(codes.reverse());
    expect(page1.items[0].status).toBe('CANCELED');
    expect(page2).toMatchObject({ page: 2, total: 3 });
    // past the last page: no rows, and still the count the pager needs to go back
    expect((await call(p, 'GET', '/v2/deposits?page=9&pageSize=2')).json()).toMatchObject({ items: [], page: 9, total: 3 });
  });
});
