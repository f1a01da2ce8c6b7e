import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeProvider } from '../contract.test-helpers.js';
import { ProviderRequestError, ProviderUnavailableError } from '../types.js';
import { BetflixProviderAdapter } from './betflix-adapter.js';

/**
 * The Betflix adapter against a recording fake: requests as the public v4 clients send them (form
 * bodies, `x-api-betflix` and `x-api-key`, a signed amount with `ref`) and every answer it handles.
 * Test values only.
 */
const player = { playerId: '0b6f3c2e-1d4a-4c8e-9f7a-2b5d6e8f9a01', agencyId: 'a', username: 'somchai' };
const MEMBER = '0b6f3c2e1d4a4c8e9f7a2b5d6e8f9a01';
let fake: Awaited<ReturnType<typeof fakeProvider>>;
let bfx: BetflixProviderAdapter;

beforeAll(async () => {
  fake = await fakeProvider();
  bfx = new BetflixProviderAdapter({ id: 'betflix', baseUrl: fake.url, key: 'test-api-key', secret: 'test-api-betflix', timeoutMs: 300 });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const ok = (data: unknown) => ({ body: { error_code: 0, status: 'success', msg: 'success', data } });
const fail = (code: number) => ({ body: { error_code: code, status: 'error', msg: 'no' } });
const req = (reference: string, direction: 'IN' | 'OUT' = 'IN') => ({ reference, direction, player, amountMinor: 250_75n });

describe('Betflix requests', () => {
  it('registers, then transfers in with ref and a positive amount, form-encoded, with both key headers', async () => {
    fake.on('POST /v4/user/register', ok({ username: MEMBER }));
    fake.on('POST /v4/user/transfer', ok({ before_balance: '0.00', balance: '250.75' }));
    expect(await bfx.transfer(req('dep:1'))).toEqual({ status: 'POSTED', providerTransferId: 'dep:1' });
    const [register, transfer] = fake.requests;
    expect(register!.body).toBe(`username=${MEMBER}&password=c-be0j6b-_rw1F9y`);
    expect(transfer!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(transfer!.headers['x-api-key']).toBe('test-api-key');
    expect(transfer!.headers['x-api-betflix']).toBe('test-api-betflix');
    expect(transfer!.body).toBe(`username=${MEMBER}&amount=250.75&ref=dep%3A1`);
  });

  it('transfers out with a negative amount and no register', async () => {
    fake.on('POST /v4/user/transfer', ok({ before_balance: '300.00', balance: '49.25' }));
    expect(await bfx.transfer(req('wd:1', 'OUT'))).toMatchObject({ status: 'POSTED' });
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([
      `POST /v4/user/transfer username=${MEMBER}&amount=-250.75&ref=wd%3A1`,
    ]);
  });

  it('reads the balance, launches through play/login, counts turnover from the deposit day by report summary', async () => {
    fake.on('POST /v4/user/balance', ok({ username: MEMBER, balance: 1234.5 }));
    expect(await bfx.balance(player)).toBe(1234_50n);
    fake.on('GET /v4/game/list', ok([{ code: 'pp-1', name: 'Sweet', img: null, provider: 'pp.txt' }]));
    fake.on('POST /v4/play/login', ok({ launch_url: 'https://play.example/x' }));
    expect(await bfx.launch({ player, gameId: 'pp-1', returnUrl: 'https://site.example/', language: 'th' })).toEqual({
      url: 'https://play.example/x',
    });
    expect(fake.requests.at(-1)!.body).toBe(
      `username=${MEMBER}&provider=pp.txt&gamecode=pp-1&language=thai&return_url=https%3A%2F%2Fsite.example%2F`,
    );
    fake.on(
      'GET /v4/user/creditHistory',
      ok([{ ref: 'dep:1', amount: '250.75', balance: '250.75', created_at: '2026-11-28T20:00:00.000Z' }]),
    );
    fake.on('GET /v4/report/summary', ok({ valid_amount: '1,000.25' }));
    expect(await bfx.turnoverSince(player, 'dep:1')).toBe(1000_25n);
    const summary = fake.requests.at(-1)!;
    // 20:00 UTC is the next day in Bangkok
    expect(summary.path).toMatch(new RegExp(`^/v4/report/summary\\?username=${MEMBER}&start=2026-11-29&end=\\d{4}-\\d{2}-\\d{2}$`));
  });
});

describe('Betflix credit history for the reconciliation (decision 142)', () => {
  it('asks the whole Bangkok days and answers the entries between the two instants, signed', async () => {
    fake.on(
      'GET /v4/user/creditHistory',
      ok([
        { ref: 'dep:1', amount: '250.75', balance: '250.75', created_at: '2026-11-28T16:30:00.000Z' },
        { ref: 'wd:1', amount: '-50.00', balance: '200.75', created_at: '2026-11-28T18:00:00.000Z' },
        { ref: 'dep:2', amount: '10.00', balance: '210.75', created_at: '2026-11-29T18:00:00.000Z' },
      ]),
    );
    const entries = await bfx.transfersBetween(player, new Date('2026-11-28T17:00:00.000Z'), new Date('2026-11-29T17:00:00.000Z'));
    expect(entries).toEqual([{ reference: 'wd:1', amountMinor: -50_00n, at: new Date('2026-11-28T18:00:00.000Z') }]);
    expect(fake.requests.at(-1)!.path).toBe(`/v4/user/creditHistory?username=${MEMBER}&start=2026-11-29&end=2026-11-30`);
  });

  it('an entry it cannot read makes the whole history unavailable, never a shorter list', async () => {
    fake.on('GET /v4/user/creditHistory', ok([{ ref: 'dep:1', amount: 'lots', created_at: '2026-11-28T16:30:00.000Z' }]));
    await expect(bfx.transfersBetween(player, new Date(0), new Date())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('Betflix answers', () => {
  it('refusals are definite: insufficient balance, user not found, bad key', async () => {
    for (const [code, reason] of [
      [1003, 'INSUFFICIENT_BALANCE'],
      [1001, 'USER_NOT_FOUND'],
      [1004, 'INVALID_KEY'],
    ] as const) {
      fake.on('POST /v4/user/transfer', fail(code));
      expect(await bfx.transfer(req(`wd:${code}`, 'OUT'))).toEqual({ status: 'REFUSED', reason });
    }
  });

  for (const [what, answer] of [
    ['a 5xx', { status: 502, body: '<html>502</html>' }],
    ['garbage', { status: 200, body: '{"nope":' }],
    ['a timeout', { body: { error_code: 0 }, delayMs: 1000 }],
    ['a duplicate ref', fail(1006)],
  ] as const) {
    it(`${what}: decided from the credit history by ref, never sent again`, async () => {
      fake.on('POST /v4/user/transfer', answer);
      fake.on(
        'GET /v4/user/creditHistory',
        ok([{ ref: 'wd:h', amount: '-250.75', balance: '0.00', created_at: new Date().toISOString() }]),
      );
      expect(await bfx.transfer(req('wd:h', 'OUT'))).toEqual({ status: 'POSTED', providerTransferId: 'wd:h' });
      expect(fake.requests.filter((r) => r.path === '/v4/user/transfer')).toHaveLength(1);
    });
  }

  it('not in the history: unknown now, NOT_FOUND for the next attempt (same ref); another amount is held', async () => {
    fake.on('POST /v4/user/transfer', { status: 500, body: 'x' });
    fake.on('GET /v4/user/creditHistory', ok([]));
    expect(await bfx.transfer(req('wd:n', 'OUT'))).toMatchObject({ status: 'UNKNOWN' });
    expect(await bfx.transferStatus('wd:n', req('wd:n', 'OUT'))).toEqual({ status: 'NOT_FOUND' });
    fake.on('GET /v4/user/creditHistory', ok([{ ref: 'wd:n', amount: '-1.00', balance: '0.00', created_at: new Date().toISOString() }]));
    expect(await bfx.transferStatus('wd:n', req('wd:n', 'OUT'))).toMatchObject({ status: 'UNKNOWN' });
  });

  it('maintenance: not applied, unknown; reads unavailable; a user not found has no balance', async () => {
    fake.on('POST /v4/user/transfer', fail(9001));
    expect(await bfx.transfer(req('wd:m', 'OUT'))).toMatchObject({ status: 'UNKNOWN', reason: expect.stringContaining('maintenance') });
    fake.on('POST /v4/user/balance', fail(9001));
    await expect(bfx.balance(player)).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.on('POST /v4/user/balance', fail(1001));
    expect(await bfx.balance(player)).toBeNull();
    fake.on('GET /v4/game/list', ok([]));
    await expect(bfx.launch({ player, gameId: 'none', returnUrl: 'https://s/', language: 'lo' })).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });
});
