import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, config, signed, startProvider } from './test-helpers.js';

/** The sandbox's AMB and Betflix endpoints: keys and signatures checked, their codes, one wallet under both. */
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
let app: FastifyInstance;
beforeAll(async () => {
  app = await startProvider();
});
afterAll(() => app.close());

const AMB = `/providers/amb/askmebet/v0.1/partner/member`;
const amb = (method: 'GET' | 'POST', path: string, body?: object) =>
  app.inject({ method, url: AMB + path, ...(body ? { payload: body } : {}) }).then((r) => ({ status: r.statusCode, json: r.json() }));

function newMember() {
  const playerId = randomUUID();
  return { playerId, member: playerId.replace(/-/g, ''), pass: 'pass-123456' };
}

describe('AMB in the sandbox', () => {
  it('creates a member, deposits, withdraws, reads the credit; the wallet is the one the sandbox protocol reads', async () => {
    const { playerId, member, pass } = newMember();
    const created = await amb('POST', `/create/${config.AMB_KEY}`, {
      memberLoginName: member,
      memberLoginPass: pass,
      phoneNo: '',
      contact: 'somchai',
      signature: md5(`${member}:${pass}:${config.AMB_AGENT}`),
    });
    expect(created.json).toMatchObject({ code: 0 });
    const deposited = await amb('POST', `/deposit/${config.AMB_KEY}/${member}`, {
      amount: '1500.25',
      signature: md5(`1500.25:${member}:${config.AMB_AGENT}`),
    });
    expect(deposited.json).toMatchObject({ code: 0, result: { before: '0.00', after: '1500.25' } });
    expect(deposited.json.result.ref).toMatch(/^T[0-9A-F]{20}$/);
    expect((await amb('GET', `/credit/${config.AMB_KEY}/${member}`)).json).toMatchObject({ code: 0, result: { credit: '1,500.25' } });
    expect(await balanceOf(app, 'askmebet', playerId)).toBe('1500.25');
    const over = await amb('POST', `/withdraw/${config.AMB_KEY}/${member}`, {
      amount: '2000.00',
      signature: md5(`2000.00:${member}:${config.AMB_AGENT}`),
    });
    expect(over.json).toMatchObject({ code: 1003 });
    // AMB takes no reference: the same withdrawal sent twice is two withdrawals
    for (let i = 0; i < 2; i++) {
      const again = await amb('POST', `/withdraw/${config.AMB_KEY}/${member}`, {
        amount: '500',
        signature: md5(`500:${member}:${config.AMB_AGENT}`),
      });
      expect(again.json).toMatchObject({ code: 0 });
    }
    expect(await balanceOf(app, 'askmebet', playerId)).toBe('500.25');
  });

  it('refuses a wrong signature, a wrong key, an unknown member; maintenance as its code, a 5xx as a gateway page', async () => {
    const { member } = newMember();
    const forged = await amb('POST', `/deposit/${config.AMB_KEY}/${member}`, { amount: '10', signature: md5(`10:${member}:other`) });
    expect(forged.json).toMatchObject({ code: 1004 });
    expect((await amb('GET', `/credit/wrong-key/${member}`)).json).toMatchObject({ code: 1004 });
    expect((await amb('GET', `/credit/${config.AMB_KEY}/${member}`)).json).toMatchObject({ code: 1001 });
    await signed(app, 'POST', '/providers/_faults', { providerId: 'askmebet', operations: ['balance'], maintenance: true, count: 1 });
    expect(await amb('GET', `/credit/${config.AMB_KEY}/${member}`)).toMatchObject({ status: 200, json: { code: 9001 } });
    await signed(app, 'POST', '/providers/_faults', { providerId: 'askmebet', operations: ['balance'], fail5xx: true, count: 1 });
    const failed = await app.inject({ method: 'GET', url: `${AMB}/credit/${config.AMB_KEY}/${member}` });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('Betflix in the sandbox', () => {
  const bfx = (method: 'GET' | 'POST', path: string, form?: Record<string, string>, headers: Record<string, string> = {}) =>
    app
      .inject({
        method,
        url: `/providers/betflix/betflix/v4${path}`,
        headers: {
          'x-api-key': config.BETFLIX_KEY,
          'x-api-betflix': config.BETFLIX_SECRET,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...headers,
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      })
      .then((r) => r.json());

  it('registers, transfers with a ref at most once, lists the credit history, refuses bad keys', async () => {
    const { playerId, member, pass } = newMember();
    expect(await bfx('POST', '/user/register', { username: member, password: pass })).toMatchObject({ error_code: 0 });
    expect(await bfx('POST', '/user/register', { username: member, password: pass })).toMatchObject({ error_code: 1002 });
    const first = await bfx('POST', '/user/transfer', { username: member, amount: '300.50', ref: 'dep:a' });
    expect(first).toMatchObject({ error_code: 0, data: { balance: '300.50' } });
    expect(await bfx('POST', '/user/transfer', { username: member, amount: '300.50', ref: 'dep:a' })).toMatchObject({ error_code: 1006 });
    const out = await bfx('POST', '/user/transfer', { username: member, amount: '-0.50', ref: 'wd:a' });
    expect(out).toMatchObject({ error_code: 0, data: { balance: '300.00' } });
    expect(await bfx('POST', '/user/transfer', { username: member, amount: '-999', ref: 'wd:b' })).toMatchObject({ error_code: 1003 });
    expect(await balanceOf(app, 'betflix', playerId)).toBe('300.00');
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const history = (await bfx('GET', `/user/creditHistory?username=${member}&start=${today}&end=${today}`)) as {
      data: { ref: string; amount: string }[];
    };
    expect(history.data.map((h) => [h.ref, h.amount])).toEqual([
      ['dep:a', '300.50'],
      ['wd:a', '-0.50'],
    ]);
    expect(await bfx('POST', '/user/balance', { username: member }, { 'x-api-key': 'wrong' })).toMatchObject({ error_code: 1004 });
  });
});
