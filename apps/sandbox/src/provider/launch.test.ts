import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesOf } from './catalogue.js';
import { createTestStorage, openTestDb } from '../test-database.js';
import { LAUNCH_TOKEN_TTL_MS, LaunchService, SESSION_TTL_MS } from './launch.js';
import { PROVIDER_SCHEMA } from './schema.js';
import { balanceOf, newPlayer, newRef, signed, startProvider, transfer } from './test-helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startProvider();
}, 60_000);
afterAll(() => app.close());

const RETURN = 'http://localhost:3000/player/game/gclub';

async function launch(provider: string, gameId: string, deposit = '100') {
  const player = newPlayer();
  await transfer(app, provider, { ...player, reference: newRef(), direction: 'IN', amount: deposit });
  const res = await signed(app, 'POST', `/providers/${provider}/launch`, {
    playerId: player.playerId,
    gameId,
    returnUrl: RETURN,
    language: 'lo',
  });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().url as string);
  return { player, url, path: url.pathname + url.search };
}

async function open(provider: string, gameId: string, deposit?: string) {
  const l = await launch(provider, gameId, deposit);
  const redirect = await app.inject({ method: 'GET', url: l.path });
  expect(redirect.statusCode).toBe(303);
  const session = redirect.headers.location as string;
  return { ...l, session };
}

describe('launch and the demo game page', () => {
  const slot = gamesOf('gclub').find((g) => g.kind === 'slot')!;
  const baccarat = gamesOf('gclub').find((g) => g.kind === 'baccarat')!;

  it('makes a launch URL on the public address that works exactly once', async () => {
    const { url, path } = await launch('gclub', slot.id);
    expect(url.origin).toBe('http://games.test');
    expect(url.pathname).toBe('/providers/gclub/launch');
    const first = await app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/^\/providers\/gclub\/session\/[A-Za-z0-9_-]{40,}$/);
    const second = await app.inject({ method: 'GET', url: path });
    expect(second.statusCode).toBe(410);
    expect(second.body).toContain(`href="${RETURN}"`);
    expect((await app.inject({ method: 'GET', url: '/providers/gclub/launch?token=forged' })).statusCode).toBe(404);
    // a token of one provider does not open another's game
    const other = await launch('gclub', slot.id);
    expect((await app.inject({ method: 'GET', url: other.path.replace('/gclub/', '/alphabet/') })).statusCode).toBe(404);
  });

  it('lets a token expire, and a session end', async () => {
    const db = await openTestDb(await createTestStorage(), PROVIDER_SCHEMA);
    const launches = new LaunchService(db);
    const now = Date.now();
    const s = { providerId: 'gclub', playerId: 'p1', gameId: slot.id, returnUrl: RETURN, language: 'th' };
    const late = await launches.createToken(s, now);
    expect(await launches.redeem('gclub', late, now + LAUNCH_TOKEN_TTL_MS + 1)).toEqual({
      ok: false,
      reason: 'EXPIRED',
      returnUrl: RETURN,
      language: 'th',
    });
    const onTime = await launches.createToken(s, now);
    const redeemed = await launches.redeem('gclub', onTime, now + LAUNCH_TOKEN_TTL_MS - 1);
    expect(redeemed.ok).toBe(true);
    expect(await launches.redeem('gclub', onTime, now)).toMatchObject({ ok: false, reason: 'USED' });
    if (!redeemed.ok) return;
    expect(await launches.session('gclub', redeemed.sessionId, now)).toEqual(s);
    expect(await launches.session('gclub', redeemed.sessionId, now + SESSION_TTL_MS + LAUNCH_TOKEN_TTL_MS)).toBeNull();
    await db.close();
  });

  it('refuses to launch an unknown game, a player without account, or a non-http return URL', async () => {
    const player = newPlayer();
    const launchWith = (body: object) => signed(app, 'POST', '/providers/gclub/launch', body);
    expect((await launchWith({ playerId: player.playerId, gameId: slot.id, returnUrl: RETURN })).json().error.code).toBe(
      'PLAYER_NOT_FOUND',
    );
    await signed(app, 'POST', '/providers/gclub/players', player);
    expect((await launchWith({ playerId: player.playerId, gameId: 'nope', returnUrl: RETURN })).json().error.code).toBe('GAME_NOT_FOUND');
    const js = await launchWith({ playerId: player.playerId, gameId: slot.id, returnUrl: 'javascript:alert(1)' });
    expect(js.statusCode).toBe(400);
  });

  it('serves a slot page with no inline script, the balance and a link back', async () => {
    const { session } = await open('gclub', slot.id, '250.75');
    const page = await app.inject({ method: 'GET', url: session });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<script src="/providers/_static/game.js" defer></script>');
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>|\son[a-z]+="/);
    expect(page.body).toContain('250.75');
    expect(page.body).toContain(`href="${RETURN}"`);
    expect(page.body).toContain('lang="lo"');
    expect(page.body).toContain('data-reel');
    const js = await app.inject({ method: 'GET', url: '/providers/_static/game.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('plays the slot against the balance and records turnover', async () => {
    const { player, session } = await open('gclub', slot.id, '100');
    const since = newRef();
    await transfer(app, 'gclub', { ...player, reference: since, direction: 'IN', amount: '1' });
    let expected = 101_00n;
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'POST', url: `${session}/bet`, payload: { amount: '10' } });
      expect(res.statusCode).toBe(200);
      const round = res.json();
      expect(round.reels).toHaveLength(3);
      expected = expected - 10_00n + BigInt(round.payout.replace('.', ''));
      expect(round.balance).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    }
    expect(await balanceOf(app, 'gclub', player.playerId)).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    const turnover = await signed(app, 'GET', `/providers/gclub/players/${player.playerId}/turnover?since=${since}`);
    expect(turnover.json().turnover).toBe('50.00');
  });

  it('deals baccarat by the rules and pays the chosen side', async () => {
    const { session } = await open('gclub', baccarat.id, '1000');
    const page = await app.inject({ method: 'GET', url: session });
    expect(page.body).toContain('name="side"');
    for (const side of ['PLAYER', 'BANKER', 'TIE']) {
      const round = (await app.inject({ method: 'POST', url: `${session}/bet`, payload: { amount: '10', side } })).json();
      expect(round.side).toBe(side);
      expect(round.player.length).toBeGreaterThanOrEqual(2);
      expect(['PLAYER', 'BANKER', 'TIE']).toContain(round.winner);
    }
  });

  it('refuses a bet above the balance, a bad amount, and an unknown session', async () => {
    const { session } = await open('gclub', slot.id, '5');
    const over = await app.inject({ method: 'POST', url: `${session}/bet`, payload: { amount: '5.01' } });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect((await app.inject({ method: 'POST', url: `${session}/bet`, payload: { amount: '-1' } })).statusCode).toBe(400);
    const unknown = await app.inject({ method: 'POST', url: `/providers/gclub/session/${'x'.repeat(43)}/bet`, payload: { amount: '1' } });
    expect(unknown.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/providers/gclub/session/${'x'.repeat(43)}` })).statusCode).toBe(410);
  });
});
