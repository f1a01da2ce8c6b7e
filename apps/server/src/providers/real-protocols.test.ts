import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProviderId } from '@app/contracts';
import { queryRows } from '../db/client.js';
import { registerPlayer, type TestPlayer } from '../test/players.js';
import { useServerAndSandbox } from '../test/server-and-sandbox.js';
import { fundCredit } from '../modules/withdrawals/withdrawals.test-helpers.js';

/**
 * askmebet through AMB and betflix through Betflix, against the sandbox that speaks both over its
 * one wallet: the transfer path (outbox, worker, ledger) with the provider's faults, the games and
 * the turnover report. Above all: a transfer whose answer is lost after the provider applied it
 * moves the money once, and the ledger agrees with the provider.
 */
const TIMEOUT_MS = 300;
const env = useServerAndSandbox({
  PROVIDER_ASKMEBET_PROTOCOL: 'amb',
  PROVIDER_BETFLIX_PROTOCOL: 'betflix',
  PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
  WORKER_RETRY_BASE_MS: '5',
});
afterEach(() => env.sandbox.providerFaults.reset());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fund = (p: TestPlayer, providerId: ProviderId, amount: bigint) => fundCredit(env.ctx.app, env.agencyId(), p, providerId, amount);
const transfersOf = (p: TestPlayer) =>
  queryRows<{ status: string; attempts: number; provider_transfer_id: string | null; reference: string }>(
    env.ctx.app.db,
    sql`SELECT status, attempts, provider_transfer_id, reference FROM provider_transfers WHERE player_id = ${p.playerId} ORDER BY created_at`,
  );

describe.each([['askmebet'], ['betflix']] as const)('%s on its real protocol', (providerId) => {
  it('a timeout after the provider committed: applied once, decided without sending again', async () => {
    const p = await registerPlayer(env.ctx.app);
    await env.sandbox.providerFaults.set({ providerId, operations: ['transfer'], timeoutAfterCommit: true, holdMs: 3000, count: 1 });
    await fund(p, providerId, 500_00n);
    // on a loaded machine the provider may commit after our timeout: the worker's next look decides it
    await sleep(TIMEOUT_MS * 2 + 100);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(p, providerId)).toBe(500_00n);
    const [t] = await transfersOf(p);
    expect(t!.status).toBe('POSTED');
    // AMB: decided from the balance around the attempt; Betflix: found in the credit history by our ref
    expect(t!.provider_transfer_id).toBe(providerId === 'askmebet' ? 'amb-balance:0>50000' : t!.reference);
  });

  it('a 5xx before the provider did anything: decided as never applied, sent again, applied once', async () => {
    const p = await registerPlayer(env.ctx.app);
    await fund(p, providerId, 100_00n);
    await env.sandbox.providerFaults.set({ providerId, operations: ['transfer'], fail5xx: true, count: 1 });
    await fund(p, providerId, 250_00n);
    // AMB decides "never applied" only once the balance has stayed put for twice the timeout
    await sleep(TIMEOUT_MS * 2 + 100);
    await env.ctx.app.worker.drain({ skipBackoff: true });
    expect(await env.expectAgreement(p, providerId)).toBe(350_00n);
    expect((await transfersOf(p)).map((t) => [t.status, t.attempts > 1])).toEqual([
      ['POSTED', false],
      ['POSTED', true],
    ]);
  });

  it('lists games, launches the demo game, and counts turnover from the provider report', async () => {
    const p = await registerPlayer(env.ctx.app);
    await fund(p, providerId, 300_00n);
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      env.ctx.app.inject({ method, url: `/api${url}`, headers: { host: 'localhost', cookie: p.cookie }, ...(payload ? { payload } : {}) });
    const games = (await as('GET', `/v2/games/${providerId}`)).json() as { games: { id: string }[] };
    expect(games.games.length).toBeGreaterThan(0);
    const launched = await as('POST', `/v2/games/${providerId}/launch`, { gameId: games.games[0]!.id });
    expect(launched.statusCode, launched.body).toBe(200);
    const page = await fetch((launched.json() as { url: string }).url, { redirect: 'manual' });
    expect(page.status).toBeLessThan(400);
    await env.sandbox.providerBet(providerId, p.playerId, 40_00n, 0n);
    const adapter = env.ctx.app.providers.get(providerId);
    const player = { playerId: p.playerId, agencyId: env.agencyId(), username: p.username };
    expect(await adapter.balance(player)).toBe(260_00n);
    const [t] = await transfersOf(p);
    expect(await adapter.turnoverSince(player, t!.reference, t!.provider_transfer_id)).toBe(40_00n);
  });
});
