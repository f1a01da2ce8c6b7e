import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeProvider } from '../contract.test-helpers.js';
import { ProviderRequestError, ProviderUnavailableError } from '../types.js';
import { AmbProviderAdapter } from './amb-adapter.js';

/**
 * The AMB adapter against a recording fake: requests as the public clients send them (hawkWen/tbf.bet
 * AmbApi.php, dreakzio/ambbet_2 Game_api_librarie.php: JSON bodies, the partner key in the path, an
 * MD5 signature over "values:agent") and every answer the adapter handles. Test values only.
 */
const KEY = 'test-partner-key';
const player = { playerId: '0b6f3c2e-1d4a-4c8e-9f7a-2b5d6e8f9a01', agencyId: 'a', username: 'somchai' };
const MEMBER = '0b6f3c2e1d4a4c8e9f7a2b5d6e8f9a01';
const BASE = '/v0.1/partner/member';
let fake: Awaited<ReturnType<typeof fakeProvider>>;
let amb: AmbProviderAdapter;

beforeAll(async () => {
  fake = await fakeProvider();
  amb = new AmbProviderAdapter({
    id: 'askmebet',
    baseUrl: fake.url,
    key: KEY,
    agent: 'testagent',
    client: 'testclient',
    timeoutMs: 300,
    settleMs: 0,
  });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const credit = (value: string) => ({ body: { code: 0, message: 'success', result: { credit: value } } });
const transferIn = (reference: string, amountMinor = 100_50n) => amb.transfer({ reference, direction: 'IN', player, amountMinor });

describe('AMB requests', () => {
  it('deposits with the signature md5("amount:member:agent") after reading the credit', async () => {
    fake.on(`GET ${BASE}/credit/`, credit('1,000.00'));
    fake.on(`POST ${BASE}/deposit/`, {
      body: { code: 0, message: 'success', result: { ref: 'T123', before: '1000.00', after: '1100.50' } },
    });
    expect(await transferIn('dep:1')).toEqual({ status: 'POSTED', providerTransferId: 'T123' });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${BASE}/credit/${KEY}/${MEMBER}`,
      `POST ${BASE}/deposit/${KEY}/${MEMBER}`,
    ]);
    const deposit = fake.requests[1]!;
    expect(deposit.headers['content-type']).toBe('application/json');
    // worked example: md5("100.50:0b6f3c2e1d4a4c8e9f7a2b5d6e8f9a01:testagent")
    expect(JSON.parse(deposit.body)).toEqual({ amount: '100.50', signature: '8be23c2bcae902e05a6629688b92f31d' });
  });

  it('creates a member with md5("name:pass:agent") and logs in with md5("username:password:client")', async () => {
    fake.on(`POST ${BASE}/create/${KEY}`, { body: { code: 0, message: 'success', result: { username: MEMBER } } });
    await amb.ensurePlayer(player);
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({
      memberLoginName: MEMBER,
      memberLoginPass: 'mklRjVenXLMFsKKE',
      phoneNo: '',
      contact: 'somchai',
      signature: 'ff2f046b590c9e6fd31e747ab09391af',
    });
    fake.on(`GET ${BASE}/gameList/all/${KEY}`, {
      body: { status: 0, data: { lists: [{ gameId: 'g1', gameName: 'Wild', imgUrl: 'https://x/1.png', category: 'Slot' }] } },
    });
    fake.on(`POST ${BASE}/login/slot/${KEY}`, { body: { code: 0, message: 'success', url: 'https://play.example/t/1' } });
    expect(await amb.launch({ player, gameId: 'g1', returnUrl: 'https://site.example/back', language: 'lo' })).toEqual({
      url: 'https://play.example/t/1',
    });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({
      username: MEMBER,
      password: 'mklRjVenXLMFsKKE',
      gameId: 'g1',
      signature: '88c077c14b086b32970b6dd40c77b1d7',
    });
    // a member who exists already is fine
    fake.on(`POST ${BASE}/create/${KEY}`, { body: { code: 1002, message: 'member exists' } });
    await expect(amb.ensurePlayer(player)).resolves.toBeUndefined();
  });

  it("reads the win/lose since a deposit by AMB's own reference, summed over game codes", async () => {
    fake.on(`GET ${BASE}/winLose/${KEY}/${MEMBER}/T123`, {
      body: { code: 0, result: { data: { GAME: { amount: '1,200.00' }, CASINO: { amount: 30.5 } } } },
    });
    expect(await amb.turnoverSince(player, 'dep:1', 'T123')).toBe(1230_50n);
    await expect(amb.turnoverSince(player, 'dep:1', 'amb-balance:0>100')).rejects.toBeInstanceOf(ProviderUnavailableError);
    // a report without the member's net win/lose still counts turnover; it has no win/lose to give
    expect(await amb.playSince(player, 'T123')).toEqual({ turnover: 1230_50n, winLose: null });
  });

  it('reads turnover (`amount`) and net win/lose (`wlAmount`) apart: a GET, nothing signed', async () => {
    fake.on(`GET ${BASE}/winLose/${KEY}/${MEMBER}/T77`, {
      body: {
        code: 0,
        message: 'success',
        result: { data: { GAME: { amount: '1,200.00', wlAmount: '-350.25' }, CASINO: { amount: 30.5, wlAmount: 100 } } },
      },
    });
    expect(await amb.playSince(player, 'T77')).toEqual({ turnover: 1230_50n, winLose: -250_25n });
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([`GET ${BASE}/winLose/${KEY}/${MEMBER}/T77 `]);
    // promotions still count the turnover, never the win/lose
    expect(await amb.turnoverSince(player, 'dep:77', 'T77')).toBe(1230_50n);
    // a reference AMB never gave (decided from the balance) is not asked about
    fake.reset();
    expect(await amb.playSince(player, 'amb-balance:0>100')).toBeNull();
    expect(await amb.playSince(player, 'amb:dep:1')).toBeNull();
    expect(fake.requests).toEqual([]);
  });
});

describe('AMB answers', () => {
  it('a refusal is definite: insufficient credit, member not found, bad signature', async () => {
    fake.on(`GET ${BASE}/credit/`, credit('10.00'));
    for (const [code, reason] of [
      [1003, 'INSUFFICIENT_CREDIT'],
      [1001, 'MEMBER_NOT_FOUND'],
      [1004, 'INVALID_SIGNATURE'],
    ] as const) {
      fake.on(`POST ${BASE}/withdraw/`, { body: { code, message: 'no' } });
      expect(await amb.transfer({ reference: `wd:${code}`, direction: 'OUT', player, amountMinor: 50_00n })).toEqual({
        status: 'REFUSED',
        reason,
      });
    }
  });

  it('maintenance: not applied, sent again by the next attempt', async () => {
    fake.on(`GET ${BASE}/credit/`, credit('0.00'));
    fake.on(`POST ${BASE}/deposit/`, { body: { code: 9001, message: 'maintenance' } });
    expect(await transferIn('dep:m')).toMatchObject({ status: 'UNKNOWN' });
    expect(await amb.transferStatus('dep:m', { reference: 'dep:m', direction: 'IN', player, amountMinor: 100_50n })).toEqual({
      status: 'NOT_FOUND',
    });
  });

  for (const [what, answer] of [
    ['a 5xx', { status: 502, body: '<html>bad gateway</html>' }],
    ['garbage', { status: 200, body: 'not json' }],
    ['a timeout', { body: { code: 0 }, delayMs: 1000 }],
  ] as const) {
    it(`${what}: decided from the credit, never sent again blindly`, async () => {
      let balance = '500.00';
      fake.on(`GET ${BASE}/credit/`, () => credit(balance));
      fake.on(`POST ${BASE}/deposit/`, () => {
        balance = '600.50'; // applied, but the answer is lost
        return answer;
      });
      const req = { reference: `dep:${what}`, direction: 'IN' as const, player, amountMinor: 100_50n };
      expect(await amb.transfer(req)).toEqual({ status: 'POSTED', providerTransferId: 'amb-balance:50000>60050' });
      expect(fake.requests.filter((r) => r.path.includes('/deposit/'))).toHaveLength(1);
    });
  }

  it('unmoved credit after a lost answer: never applied, may be sent again; a moved-by-other credit is held', async () => {
    fake.on(`GET ${BASE}/credit/`, credit('500.00'));
    fake.on(`POST ${BASE}/deposit/`, { status: 500, body: 'oops' });
    const req = { reference: 'dep:lost', direction: 'IN' as const, player, amountMinor: 100_50n };
    expect(await amb.transfer(req)).toMatchObject({ status: 'UNKNOWN' });
    expect(await amb.transferStatus('dep:lost', req)).toEqual({ status: 'NOT_FOUND' });
    let balance = '500.00';
    fake.on(`GET ${BASE}/credit/`, () => credit(balance));
    fake.on(`POST ${BASE}/deposit/`, () => {
      balance = '480.00'; // the answer is lost, and the player lost a bet meanwhile
      return 'hang';
    });
    const other = { ...req, reference: 'dep:other' };
    expect(await amb.transfer(other)).toMatchObject({ status: 'UNKNOWN', reason: expect.stringContaining('balance moved by -2000') });
    expect(await amb.transferStatus('dep:other', other)).toMatchObject({ status: 'UNKNOWN' });
    // another transfer of this member waits until that one is decided
    expect(await amb.transfer({ ...req, reference: 'dep:third' })).toMatchObject({
      status: 'UNKNOWN',
      reason: expect.stringContaining('not sent'),
    });
    // and a process that never saw the attempt cannot decide it: held
    expect(await amb.transferStatus('dep:unseen', req)).toMatchObject({ status: 'UNKNOWN' });
  });

  it('reads: member not found is null, maintenance is unavailable, other codes definite', async () => {
    fake.on(`GET ${BASE}/credit/`, { body: { code: 1001, message: 'member not found' } });
    expect(await amb.balance(player)).toBeNull();
    fake.on(`GET ${BASE}/credit/`, { body: { code: 9001, message: 'maintenance' } });
    await expect(amb.balance(player)).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.on(`GET ${BASE}/winLose/`, { body: { code: 1099, message: 'reference not found' } });
    await expect(amb.turnoverSince(player, 'dep:1', 'T9')).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(amb.playSince(player, 'T9')).rejects.toBeInstanceOf(ProviderRequestError);
    fake.on(`GET ${BASE}/winLose/`, { body: { code: 9001, message: 'maintenance' } });
    await expect(amb.playSince(player, 'T9')).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.on(`GET ${BASE}/winLose/`, { status: 502, body: '<html>bad gateway</html>' });
    await expect(amb.playSince(player, 'T9')).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.on(`GET ${BASE}/winLose/`, { body: { code: 0, result: { data: { GAME: { amount: '1.00', wlAmount: 'lots' } } } } });
    await expect(amb.playSince(player, 'T9')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
