import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FINGERPRINT_HEADER } from '@app/contracts';
import { queryRows } from '../../db/client.js';
import { createAgency } from '../../test/agencies.js';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { useServerAndSandbox } from '../../test/server-and-sandbox.js';
import { staffLogin } from '../../test/staff.js';
import { as, makePromotion, usePromotion } from '../promotions/promotions.test-helpers.js';
import { addBankAccount, fundCredit, withdraw } from '../withdrawals/withdrawals.test-helpers.js';

const env = useServerAndSandbox({ RATE_LIMIT_ENABLED: 'false', PUBLIC_URL: 'http://127.0.0.1:9' });
const app = () => env.ctx.app;
const code = (res: { json(): { error?: { code: string } } }) => res.json().error?.code;

/** A player registered from this device and address (the register route, as a browser sends it). */
async function registerOn(device: string, address: string): Promise<TestPlayer> {
  const username = `f${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const res = await app().inject({
    method: 'POST',
    url: '/api/v2/players/register',
    remoteAddress: address,
    headers: { host: 'localhost', [FINGERPRINT_HEADER]: device },
    payload: { username, password, confirmPassword: password, fingerprint: device },
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const cookie = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
  return { playerId: res.json().player.id, username, password, cookie, address };
}

const device = () => randomBytes(16).toString('hex');
let octet = 0;
const address = () => `172.31.${Math.floor(++octet / 250)}.${octet % 250}`;

const staffGet = (cookie: string, url: string, host = 'localhost') =>
  app().inject({ url: `/api/v2/backoffice/${url}`, headers: { host, cookie } });
const decide = (cookie: string, id: string, payload: object) =>
  app().inject({ method: 'POST', url: `/api/v2/backoffice/signals/${id}/decision`, headers: { host: 'localhost', cookie }, payload });
const signalsOf = async (cookie: string, playerId: string) =>
  (await staffGet(cookie, `players/${playerId}/signals`)).json().items as {
    id: string;
    kind: string;
    status: string;
    other: { id: string; username: string };
    shared: string;
  }[];
const addAccount = (p: TestPlayer, bank: string, accountNumber: string, accountName: string) =>
  as(app(), p, 'POST', '/v2/players/bank-accounts', { bank, accountNumber, accountName, currency: 'LAK', owner: true });

describe('fraud signals', () => {
  it('pairs two players of one device once, names the other on both pages and counts them in the queue', async () => {
    const shared = device();
    const first = await registerOn(shared, address());
    const second = await registerOn(shared, address());
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const [mine] = await signalsOf(owner.cookie, first.playerId);
    expect(mine).toMatchObject({ kind: 'device', status: 'open', other: { id: second.playerId, username: second.username }, shared });
    expect((await signalsOf(owner.cookie, second.playerId)).map((s) => [s.id, s.other.username])).toEqual([[mine!.id, first.username]]);

    // the same device sent again, and a withdrawal (which writes every kind again): still one pair
    await as(app(), second, 'POST', '/v2/fingerprint', fingerprintBody(shared), { [FINGERPRINT_HEADER]: shared });
    await addBankAccount(app(), second);
    await fundCredit(app(), env.agencyId(), second, 'gclub', 60_000n);
    const made = await withdraw(app(), second, { providerId: 'gclub', amount: '100' });
    expect(made.json().withdrawal?.status).toBe('OPEN');
    const rows = await queryRows<{ n: number }>(
      app().db,
      sql`SELECT count(*)::int AS n FROM fraud_signals WHERE player_a = ${first.playerId} OR player_b = ${first.playerId}`,
    );
    expect(rows[0]!.n).toBe(1);
    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const queue = (await staffGet(finance.cookie, 'withdrawals?limit=200')).json().items as { id: string; signals: unknown }[];
    expect(queue.find((w) => w.id === made.json().withdrawal.id)?.signals).toEqual({ count: 1, kinds: ['device'] });

    // a player with nobody on their device has none
    const alone = await registerOn(device(), address());
    expect(await signalsOf(owner.cookie, alone.playerId)).toEqual([]);
  });

  it('pairs registrations from one address within an hour, not two hours apart nor on loopback', async () => {
    const from = address();
    const early = await registerOn(device(), from);
    await queryRows(app().db, sql`UPDATE players SET created_at = now() - interval '2 hours' WHERE id = ${early.playerId}`);
    const a = await registerOn(device(), from);
    const b = await registerOn(device(), from);
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    expect((await signalsOf(owner.cookie, b.playerId)).map((s) => [s.kind, s.other.id, s.shared])).toEqual([
      ['registration_ip', a.playerId, from],
    ]);
    expect(await signalsOf(owner.cookie, early.playerId)).toEqual([]);
    // a loopback address is no client's (no trusted proxy said who): it pairs nobody
    const [x, y] = [await registerOn(device(), '127.0.0.1'), await registerOn(device(), '127.0.0.1')];
    expect([...(await signalsOf(owner.cookie, x.playerId)), ...(await signalsOf(owner.cookie, y.playerId))]).toEqual([]);
  });

  it("pairs one account number at any bank, and one holder's name (case and spaces aside) at the same bank only", async () => {
    const [a, b, c, d] = [
      await registerPlayer(app()),
      await registerPlayer(app()),
      await registerPlayer(app()),
      await registerPlayer(app()),
    ];
    const number = `0102${String(Date.now()).slice(-9)}`;
    expect((await addAccount(a, 'bcel', number, 'Somchai  Phommavong')).statusCode).toBe(201);
    expect((await addAccount(b, 'jdb', number, 'Other Person')).statusCode).toBe(201);
    expect((await addAccount(c, 'bcel', `0103${String(Date.now()).slice(-9)}`, 'SOMCHAI PHOMMAVONG')).statusCode).toBe(201);
    expect((await addAccount(d, 'jdb', `0104${String(Date.now()).slice(-9)}`, 'somchai phommavong')).statusCode).toBe(201);
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const ofA = (await signalsOf(owner.cookie, a.playerId)).map((s) => [s.kind, s.other.id]).sort();
    expect(ofA).toEqual([
      ['bank_account', b.playerId],
      ['holder_name', c.playerId],
    ]);
    expect((await signalsOf(owner.cookie, d.playerId)).map((s) => s.kind)).toEqual([]);
  });

  it('refuses a bonus ring every promotion until finance allow it; the decision is audited and stays', async () => {
    const ring = device();
    const [a, b] = [await registerOn(ring, address()), await registerOn(ring, address())];
    for (const p of [a, b]) await addBankAccount(app(), p);
    const welcome = await makePromotion(app(), env.agencyId(), { firstOrderOnly: true });
    expect((await usePromotion(app(), a, welcome.id)).statusCode).toBe(201);
    const refused = await usePromotion(app(), b, welcome.id);
    expect([refused.statusCode, code(refused)]).toEqual([403, 'PROMOTION_BONUS_RING']);
    // both of the ring are refused any promotion, and the page says why before they try
    expect((await as(app(), a, 'GET', '/v2/promotions/check-blocking')).json()).toEqual({
      isBlocked: false,
      reason: 'PROMOTION_BONUS_RING',
    });
    expect(code(await usePromotion(app(), b, (await makePromotion(app(), env.agencyId(), {})).id))).toBe('PROMOTION_BONUS_RING');

    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const signal = (await signalsOf(owner.cookie, b.playerId)).find((s) => s.kind === 'bonus_ring')!;
    expect(signal).toMatchObject({ status: 'open', other: { id: a.playerId }, shared: welcome.code });
    // support reads but may not decide; a player's session is no staff session; a bad body is refused
    const support = await staffLogin(app(), env.agencyId(), 'support');
    expect((await staffGet(support.cookie, `players/${b.playerId}/signals`)).statusCode).toBe(200);
    expect(code(await decide(support.cookie, signal.id, { outcome: 'dismissed', reason: 'same family' }))).toBe('STAFF_FORBIDDEN');
    expect((await staffGet(b.cookie, `players/${b.playerId}/signals`)).statusCode).toBe(401);
    expect((await decide(b.cookie, signal.id, { outcome: 'dismissed', reason: 'me' })).statusCode).toBe(401);
    expect((await decide(owner.cookie, signal.id, { outcome: 'dismissed', reason: '  ' })).statusCode).toBe(400);

    const finance = await staffLogin(app(), env.agencyId(), 'finance');
    const body = { outcome: 'dismissed', reason: 'brothers sharing one phone, checked by call' };
    expect((await decide(finance.cookie, signal.id, body)).json()).toEqual({ decided: 1 });
    expect((await decide(finance.cookie, signal.id, body)).json()).toEqual({ decided: 0 });
    const other = await decide(finance.cookie, signal.id, { outcome: 'confirmed', reason: 'changed my mind' });
    expect([other.statusCode, code(other)]).toEqual([409, 'CONFLICT']);
    expect((await usePromotion(app(), b, welcome.id)).statusCode).toBe(201);
    const [audit] = await queryRows<{ n: number }>(
      app().db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'signal.decision' AND entity_id = ${signal.id}`,
    );
    expect(audit!.n).toBe(1);
    // the decided pair stays decided when the ring's event comes again
    await app().services.fraudSignals.bonusRing({ agencyId: env.agencyId(), playerId: b.playerId }, welcome.id);
    expect((await signalsOf(owner.cookie, b.playerId)).find((s) => s.kind === 'bonus_ring')?.status).toBe('dismissed');
  });

  it('makes the ring when a device is shared after both took the first-deposit promotion', async () => {
    const [a, b] = [await registerOn(device(), address()), await registerOn(device(), address())];
    for (const p of [a, b]) await addBankAccount(app(), p);
    const welcome = await makePromotion(app(), env.agencyId(), { firstOrderOnly: true });
    // two devices: no ring, both take it
    expect((await usePromotion(app(), a, welcome.id)).statusCode).toBe(201);
    expect((await usePromotion(app(), b, welcome.id)).statusCode).toBe(201);
    // then b logs in on a's device
    const [print] = await queryRows<{ hash: string }>(app().db, sql`SELECT hash FROM player_fingerprints WHERE player_id = ${a.playerId}`);
    const sent = await as(app(), b, 'POST', '/v2/fingerprint', fingerprintBody(print!.hash), { [FINGERPRINT_HEADER]: print!.hash });
    expect(sent.statusCode).toBe(200);
    for (const p of [a, b]) {
      expect((await as(app(), p, 'GET', '/v2/promotions/check-blocking')).json().reason).toBe('PROMOTION_BONUS_RING');
    }
  });

  it("shows another agency's staff nothing: the player is 404 and the signal cannot be decided", async () => {
    const shared = device();
    const [a] = [await registerOn(shared, address()), await registerOn(shared, address())];
    const owner = await staffLogin(app(), env.agencyId(), 'owner');
    const [signal] = await signalsOf(owner.cookie, a!.playerId);
    const elsewhere = await createAgency(app(), 'signals-other', 'signals-other.example');
    const stranger = await staffLogin(app(), elsewhere, 'owner', 'signals-other.example');
    const read = await staffGet(stranger.cookie, `players/${a!.playerId}/signals`, 'signals-other.example');
    expect([read.statusCode, code(read)]).toEqual([404, 'NOT_FOUND']);
    const decided = await app().inject({
      method: 'POST',
      url: `/api/v2/backoffice/signals/${signal!.id}/decision`,
      headers: { host: 'signals-other.example', cookie: stranger.cookie },
      payload: { outcome: 'dismissed', reason: 'not ours' },
    });
    expect([decided.statusCode, code(decided)]).toEqual([404, 'NOT_FOUND']);
    // and a player of the other agency on the same device makes no pair across agencies
    const [crossed] = await queryRows<{ id: string }>(
      app().db,
      sql`INSERT INTO players (agency_id, username, password_hash, display_name) VALUES (${elsewhere}, 'crossdev', 'x', 'C') RETURNING id::text`,
    );
    await queryRows(app().db, sql`INSERT INTO player_fingerprints (player_id, day, hash) VALUES (${crossed!.id}, '2026-03-01', ${shared})`);
    await app().services.fraudSignals.recordAfter('fingerprint', { agencyId: env.agencyId(), playerId: a!.playerId });
    await app().services.fraudSignals.recordAfter('fingerprint', { agencyId: elsewhere, playerId: crossed!.id });
    expect(await signalsOf(owner.cookie, a!.playerId)).toHaveLength(1);
    const [none] = await queryRows<{ n: number }>(
      app().db,
      sql`SELECT count(*)::int AS n FROM fraud_signals WHERE agency_id = ${elsewhere}`,
    );
    expect(none!.n).toBe(0);
  });
});

function fingerprintBody(hash: string) {
  const gl = { version: 'v', vendor: 'v', vendorUnmasked: 'v', renderer: 'r', rendererUnmasked: 'r', shadingLanguageVersion: 's' };
  return {
    screen: '390x844',
    version: '1',
    timezone: 'Asia/Vientiane',
    userAgent: 'ua',
    plugins: '',
    webGL: gl,
    audio: 'a',
    platform: 'p',
    fingerprint: hash,
    memory: '8',
    fonts: '',
    languages: 'lo',
    hardwareConcurrency: '8',
    vendor: 'v',
  };
}
