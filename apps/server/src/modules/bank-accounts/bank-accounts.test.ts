import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import { FINGERPRINT_HEADER } from '@app/contracts';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { createAgency } from '../../test/agencies.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const URL = '/api/v2/players/bank-accounts';
const valid = { bank: 'bcel', accountNumber: '0101-2000-1234-5', accountName: '  Somchai   Phommavong ', currency: 'LAK', owner: true };
let n = 0;
/** A fresh valid BCEL number per call, so tests do not collide on the agency-wide uniqueness. */
const freshNumber = () => `0101${String(100_000_000 + ++n)}`;

function add(player: TestPlayer, payload: object) {
  return ctx.app.inject({ method: 'POST', url: URL, headers: { host: 'localhost', cookie: player.cookie }, payload });
}
function list(player: TestPlayer) {
  return ctx.app.inject({ url: URL, headers: { host: 'localhost', cookie: player.cookie } });
}

describe('POST /api/v2/players/bank-accounts', () => {
  it('adds the account normalised and shows it to its owner only', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await add(p, valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().bankAccount).toMatchObject({
      bank: 'bcel',
      accountNumber: '0101200012345',
      accountName: 'Somchai Phommavong',
      currency: 'LAK',
    });
    expect((await list(p)).json().bankAccounts).toEqual([res.json().bankAccount]);

    const info = await ctx.app.inject({ url: '/api/v2/players/info', headers: { host: 'localhost', cookie: p.cookie } });
    expect(info.json().bankAccounts).toEqual([res.json().bankAccount]);

    const other = await registerPlayer(ctx.app);
    expect((await list(other)).json()).toEqual({ bankAccounts: [] });
  });

  it('refuses a second account with BANK_ACCOUNT_ALREADY_ADDED', async () => {
    const p = await registerPlayer(ctx.app);
    expect((await add(p, { ...valid, accountNumber: freshNumber() })).statusCode).toBe(201);
    const res = await add(p, { ...valid, bank: 'jdb', accountNumber: '1234567890123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BANK_ACCOUNT_ALREADY_ADDED', message: 'this account has already been added' });
    expect((await list(p)).json().bankAccounts).toHaveLength(1);
  });

  it("refuses another player's account with ACCOUNT_IN_USED, however it is typed", async () => {
    const number = freshNumber();
    const first = await registerPlayer(ctx.app);
    expect((await add(first, { ...valid, accountNumber: number })).statusCode).toBe(201);
    const second = await registerPlayer(ctx.app);
    const res = await add(second, { ...valid, accountNumber: number.replace(/(\d{4})/g, '$1 ') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ACCOUNT_IN_USED');
    // the same digits at another bank are another account
    expect((await add(second, { ...valid, bank: 'jdb', accountNumber: number })).statusCode).toBe(201);
  });

  it('refuses a mobile-wallet number with BANK_ACCOUNT_WALLET_NOT_ALLOWED', async () => {
    const p = await registerPlayer(ctx.app);
    for (const accountNumber of ['020 5555 1234', '+856 20 5555 1234', '030 123 4567']) {
      const res = await add(p, { ...valid, bank: 'kasikam', accountNumber });
      expect(res.statusCode, accountNumber).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'BANK_ACCOUNT_WALLET_NOT_ALLOWED',
        fields: { accountNumber: 'bank.validation.wallet_not_allowed' },
      });
    }
    expect((await list(p)).json().bankAccounts).toEqual([]);
  });

  it('refuses a currency other than LAK with BANK_ACCOUNT_CURRENCY_NOT_ALLOWED', async () => {
    const p = await registerPlayer(ctx.app);
    for (const currency of ['THB', 'USD', 'lak']) {
      const res = await add(p, { ...valid, accountNumber: freshNumber(), currency });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'BANK_ACCOUNT_CURRENCY_NOT_ALLOWED',
        fields: { currency: 'bank.validation.currency_lak_only' },
      });
    }
  });

  it('refuses a number the bank does not issue with BANK_ACCOUNT_INVALID', async () => {
    const p = await registerPlayer(ctx.app);
    for (const accountNumber of ['0101200012', '01012000123A5', '1111111111111']) {
      const res = await add(p, { ...valid, accountNumber });
      expect(res.statusCode, accountNumber).toBe(400);
      expect(res.json().error.code).toBe('BANK_ACCOUNT_INVALID');
    }
  });

  it('requires every field and the owner confirmation', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await add(p, { bank: 'scb', accountNumber: '', accountName: '', owner: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      fields: {
        bank: 'bank.validation.bank_required',
        accountNumber: 'bank.validation.account_number_required',
        accountName: 'bank.validation.account_name_required',
        currency: 'bank.validation.currency_required',
        owner: 'bank.validation.owner_required',
      },
    });
  });

  it('keeps one account when the same player submits twice at once', async () => {
    const p = await registerPlayer(ctx.app);
    const answers = await Promise.all([
      add(p, { ...valid, accountNumber: freshNumber() }),
      add(p, { ...valid, accountNumber: freshNumber() }),
      add(p, { ...valid, accountNumber: freshNumber() }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list(p)).json().bankAccounts).toHaveLength(1);
  });

  it("keeps accounts apart per agency: another agency's player may hold the same number, and a cookie does not cross", async () => {
    const number = freshNumber();
    const here = await registerPlayer(ctx.app);
    expect((await add(here, { ...valid, accountNumber: number })).statusCode).toBe(201);

    await createAgency(ctx.app, 'other', 'other.example');
    const headers = { host: 'other.example', [FINGERPRINT_HEADER]: 'f'.repeat(32) };
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      headers,
      payload: { username: 'elsewhere', password: 'password-123', confirmPassword: 'password-123', fingerprint: 'f'.repeat(32) },
    });
    expect(registered.statusCode).toBe(201);
    const cookie = [registered.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('sid='))!
      .split(';')[0]!;
    const there = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { host: 'other.example', cookie },
      payload: { ...valid, accountNumber: number },
    });
    expect(there.statusCode).toBe(201);

    // the demo agency's cookie is not a session on the other agency's host
    const crossed = await ctx.app.inject({ url: URL, headers: { host: 'other.example', cookie: here.cookie } });
    expect(crossed.statusCode).toBe(401);
  });

  it('answers 401 to a visitor, before judging the body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, headers: { host: 'localhost' }, payload: {} });
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: URL, headers: { host: 'localhost' } })).statusCode).toBe(401);
  });
});
