import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerPlayer, type TestPlayer } from '../../test/players.js';
import { creditAtProvider, useAppWithSandbox } from '../wallet/provider-test-kit.js';

const env = useAppWithSandbox();

const headers = (p?: TestPlayer) => ({ host: 'localhost:3000', ...(p ? { cookie: p.cookie } : {}) });
const games = (p: TestPlayer | undefined, provider: string, tab?: string) =>
  env.ctx.app.inject({
    url: `/api/v2/games/${provider}${tab === undefined ? '' : `?tab=${encodeURIComponent(tab)}`}`,
    headers: headers(p),
  });
const launch = (p: TestPlayer | undefined, provider: string, payload: object) =>
  env.ctx.app.inject({ method: 'POST', url: `/api/v2/games/${provider}/launch`, headers: headers(p), payload });

let player: TestPlayer;
beforeAll(async () => {
  player = await registerPlayer(env.ctx.app);
});

describe('GET /api/v2/games/:provider', () => {
  it('answers the asked tab with its games and every tab there is', async () => {
    const res = await games(player, 'askmebet', 'Slot');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider).toBe('askmebet');
    expect(body.tab).toBe('Slot');
    expect(body.tabs).toEqual(expect.arrayContaining(['Slot', 'Casino']));
    expect(body.games.length).toBeGreaterThan(0);
    expect(body.games.every((g: { tab: string }) => g.tab === 'Slot')).toBe(true);

    const casino = (await games(player, 'askmebet', 'casino')).json();
    expect(casino.tab).toBe('Casino');
    expect(casino.games.map((g: { id: string }) => g.id)).not.toContain(body.games[0].id);
  });

  it("keeps betflix's file-like tabs and falls back to the first tab for an unknown or missing one", async () => {
    const pp = (await games(player, 'betflix', 'pp.txt')).json();
    expect(pp.tab).toBe('pp.txt');
    const unknown = (await games(player, 'betflix', 'nope')).json();
    const missing = (await games(player, 'betflix')).json();
    expect(unknown.tab).toBe(pp.tabs[0]);
    expect(missing).toEqual(unknown);
  });

  it('answers 404 PROVIDER_NOT_FOUND for an unknown provider and 401 to a visitor', async () => {
    const res = await games(player, 'pgsoft');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PROVIDER_NOT_FOUND');
    expect((await games(undefined, 'gclub')).statusCode).toBe(401);
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the provider cannot list its games', async () => {
    await env.sandbox.providerFaults.set({ providerId: 'gclub_live', operations: ['games'], maintenance: true });
    const res = await games(player, 'gclub_live');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});

describe('POST /api/v2/games/:provider/launch', () => {
  it("refuses with GAME_NO_CREDIT 'cannot open game, please deposit' without credit there", async () => {
    const p = await registerPlayer(env.ctx.app);
    const gameId = (await games(p, 'gclub')).json().games[0].id;
    const res = await launch(p, 'gclub', { gameId });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'GAME_NO_CREDIT', message: 'cannot open game, please deposit' });
  });

  it('answers a launch URL at the provider that brings the player back to the game page', async () => {
    const p = await registerPlayer(env.ctx.app);
    await creditAtProvider(env.ctx, p, 'askmebet', 50_00n);
    const gameId = (await games(p, 'askmebet', 'Slot')).json().games[0].id;
    const res = await launch(p, 'askmebet', { gameId, language: 'th' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin).toBe(env.sandbox.url);
    // the one-time page of the provider opens and knows where to send the player back
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('http://localhost:3000/player/game/askmebet');
    // used once: a second open is refused
    expect((await fetch(url)).status).toBe(410);
  });

  it("sends the player back to the agency's public address, whatever Host the launch came with", async () => {
    const p = await registerPlayer(env.ctx.app);
    await creditAtProvider(env.ctx, p, 'askmebet', 50_00n);
    const gameId = (await games(p, 'askmebet', 'Slot')).json().games[0].id;
    const returnUrlOf = async (host: string) => {
      const res = await env.ctx.app.inject({
        method: 'POST',
        url: '/api/v2/games/askmebet/launch',
        headers: { host, cookie: p.cookie },
        payload: { gameId },
      });
      expect(res.statusCode).toBe(200);
      const page = await (await fetch(res.json().url)).text();
      return /href="([^"]*\/player\/game\/askmebet)"/.exec(page)?.[1];
    };
    const db = env.ctx.app.db;
    const agencyId = env.ctx.database.agencyId;
    try {
      // the demo's other host, on another port: the way back is still its primary host, localhost,
      // with the site's public scheme and port (PUBLIC_URL's)
      expect(await returnUrlOf('127.0.0.1:4444')).toBe('http://localhost:3000/player/game/askmebet');
      await db.execute(sql`UPDATE agency_hosts SET is_primary = (host = '127.0.0.1') WHERE agency_id = ${agencyId}`);
      env.ctx.app.invalidateAgencyCache();
      expect(await returnUrlOf('localhost:3000')).toBe('http://127.0.0.1:3000/player/game/askmebet');
      // no primary host: the first by name
      await db.execute(sql`UPDATE agency_hosts SET is_primary = false WHERE agency_id = ${agencyId}`);
      env.ctx.app.invalidateAgencyCache();
      expect(await returnUrlOf('localhost:3000')).toBe('http://127.0.0.1:3000/player/game/askmebet');
    } finally {
      await db.execute(sql`UPDATE agency_hosts SET is_primary = (host = 'localhost') WHERE agency_id = ${agencyId}`);
      env.ctx.app.invalidateAgencyCache();
    }
  });

  it('answers GAME_NOT_FOUND for a game the provider does not list', async () => {
    const p = await registerPlayer(env.ctx.app);
    await creditAtProvider(env.ctx, p, 'gclub', 10_00n);
    const res = await launch(p, 'gclub', { gameId: 'askmebet-wild-buffalo' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('GAME_NOT_FOUND');
  });

  it('requires a game id, a known provider and a player', async () => {
    const missing = await launch(player, 'gclub', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ gameId: 'game.validation.game_required' });
    expect((await launch(player, 'pgsoft', { gameId: 'x' })).json().error.code).toBe('PROVIDER_NOT_FOUND');
    expect((await launch(undefined, 'gclub', {})).statusCode).toBe(401);
  });

  it('answers 503 when the provider cannot launch', async () => {
    const p = await registerPlayer(env.ctx.app);
    await creditAtProvider(env.ctx, p, 'gclub', 10_00n);
    const gameId = (await games(p, 'gclub')).json().games[0].id;
    await env.sandbox.providerFaults.set({ providerId: 'gclub', operations: ['launch'], fail5xx: true });
    const res = await launch(p, 'gclub', { gameId });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});
