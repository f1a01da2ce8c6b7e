import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.js';
import { startSandbox, type TestSandbox } from '../test/sandbox.js';
import { HttpProviderAdapter } from './http-adapter.js';
import { createProviderRegistry, type ProviderRegistry } from './registry.js';
import { ProviderRequestError, ProviderUnavailableError, type ProviderPlayer } from './types.js';

const TIMEOUT_MS = 400;
let sandbox: TestSandbox;
let providers: ProviderRegistry;

beforeAll(async () => {
  sandbox = await startSandbox();
  const config = testConfig({ ...sandbox.serverOverrides, PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS) });
  providers = createProviderRegistry(config);
});
afterEach(() => sandbox.providerFaults.reset());
afterAll(() => sandbox.close());

const newPlayer = (): ProviderPlayer => ({ playerId: randomUUID(), agencyId: randomUUID(), username: 'somchai01' });
const ref = () => `t-${randomUUID()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('provider adapters against the sandbox', () => {
  it('posts a transfer in and out; a repeated reference moves money once', async () => {
    const gclub = providers.get('gclub');
    const player = newPlayer();
    const reference = ref();
    const first = await gclub.transfer({ reference, direction: 'IN', player, amountMinor: 150_00n });
    expect(first.status).toBe('POSTED');
    const again = await gclub.transfer({ reference, direction: 'IN', player, amountMinor: 150_00n });
    expect(again).toEqual(first);
    expect(await gclub.balance(player)).toBe(150_00n);
    expect(await gclub.transfer({ reference: ref(), direction: 'OUT', player, amountMinor: 50_25n })).toMatchObject({ status: 'POSTED' });
    expect(await gclub.balance(player)).toBe(99_75n);
    // each provider keeps its own wallet
    expect(await providers.get('alphabet').balance(player)).toBeNull();
  });

  it('refuses a transfer out above the balance, and its status says so', async () => {
    const adapter = providers.get('askmebet');
    const player = newPlayer();
    await adapter.transfer({ reference: ref(), direction: 'IN', player, amountMinor: 10_00n });
    const reference = ref();
    expect(await adapter.transfer({ reference, direction: 'OUT', player, amountMinor: 10_01n })).toEqual({
      status: 'REFUSED',
      reason: 'INSUFFICIENT_BALANCE',
    });
    expect(await adapter.transferStatus(reference)).toEqual({ status: 'REFUSED', reason: 'INSUFFICIENT_BALANCE' });
    expect(await adapter.balance(player)).toBe(10_00n);
  });

  it('times out after the provider committed: UNKNOWN, then the status says POSTED', async () => {
    const adapter = providers.get('alphabet');
    const player = newPlayer();
    await sandbox.providerFaults.set({ providerId: 'alphabet', operations: ['transfer'], timeoutAfterCommit: true, count: 1 });
    const reference = ref();
    const started = Date.now();
    const outcome = await adapter.transfer({ reference, direction: 'IN', player, amountMinor: 500_00n });
    expect(outcome.status).toBe('UNKNOWN');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    const status = await adapter.transferStatus(reference);
    expect(status.status).toBe('POSTED');
    // asking again with the same reference is safe: no second credit
    expect(await adapter.transfer({ reference, direction: 'IN', player, amountMinor: 500_00n })).toEqual(status);
    expect(await sandbox.providerBalance('alphabet', player.playerId)).toBe(500_00n);
  });

  it('maps the refuse knob to REFUSED, recorded as such', async () => {
    const adapter = providers.get('gclub_live');
    await sandbox.providerFaults.set({ refuse: true, operations: ['transfer'], count: 1 });
    const reference = ref();
    const player = newPlayer();
    expect(await adapter.transfer({ reference, direction: 'IN', player, amountMinor: 1_00n })).toEqual({
      status: 'REFUSED',
      reason: 'REFUSED_BY_PROVIDER',
    });
    expect((await adapter.transferStatus(reference)).status).toBe('REFUSED');
  });

  it('maps a 5xx to UNKNOWN; nothing was applied, so the status is NOT_FOUND', async () => {
    const adapter = providers.get('betflix');
    await sandbox.providerFaults.set({ providerId: 'betflix', fail5xx: true, count: 1 });
    const reference = ref();
    const outcome = await adapter.transfer({ reference, direction: 'IN', player: newPlayer(), amountMinor: 1_00n });
    expect(outcome).toMatchObject({ status: 'UNKNOWN', reason: expect.stringContaining('500') });
    expect(await adapter.transferStatus(reference)).toEqual({ status: 'NOT_FOUND' });
  });

  it('maps latency beyond the timeout to UNKNOWN; the transfer may land afterwards', async () => {
    const adapter = providers.get('gclub');
    await sandbox.providerFaults.set({ operations: ['transfer'], latencyMs: TIMEOUT_MS + 200, count: 1 });
    const reference = ref();
    const player = newPlayer();
    expect((await adapter.transfer({ reference, direction: 'IN', player, amountMinor: 7_00n })).status).toBe('UNKNOWN');
    await sleep(400);
    expect((await adapter.transferStatus(reference)).status).toBe('POSTED');
  });

  it('throws ProviderUnavailableError on reads during maintenance, and transfers are UNKNOWN', async () => {
    const adapter = providers.get('askmebet');
    const player = newPlayer();
    await sandbox.providerFaults.set({ providerId: 'askmebet', maintenance: true });
    await expect(adapter.balance(player)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(adapter.games()).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect((await adapter.transfer({ reference: ref(), direction: 'IN', player, amountMinor: 1_00n })).status).toBe('UNKNOWN');
    expect((await adapter.transferStatus(ref())).status).toBe('UNKNOWN');
    // other providers are not affected
    expect(await providers.get('gclub').balance(player)).toBeNull();
  });

  it('answers null for a player without an account and 0 once ensured', async () => {
    const adapter = providers.get('alphabet');
    const player = newPlayer();
    expect(await adapter.balance(player)).toBeNull();
    await adapter.ensurePlayer(player);
    await adapter.ensurePlayer(player);
    expect(await adapter.balance(player)).toBe(0n);
  });

  it('lists the catalogue by tab', async () => {
    const all = await providers.get('betflix').games();
    expect(all.tabs).toContain('pp.txt');
    const pp = await providers.get('betflix').games('pp.txt');
    expect(pp.games.length).toBeGreaterThan(0);
    expect(pp.games.every((g) => g.tab === 'pp.txt' && g.imageUrl?.startsWith('data:image/svg+xml'))).toBe(true);
    expect((await providers.get('askmebet').games('Slot')).games.length).toBeGreaterThanOrEqual(5);
    expect((await providers.get('askmebet').games('NoSuchTab')).games).toEqual([]);
  });

  it('launches a game with a one-time link; refuses an unknown game or a player without account', async () => {
    const adapter = providers.get('gclub');
    const player = newPlayer();
    const { games } = await adapter.games('Casino');
    await expect(
      adapter.launch({ player, gameId: games[0]!.id, returnUrl: 'http://localhost/player', language: 'lo' }),
    ).rejects.toMatchObject({
      code: 'PLAYER_NOT_FOUND',
    });
    await adapter.ensurePlayer(player);
    const { url } = await adapter.launch({ player, gameId: games[0]!.id, returnUrl: 'http://localhost/player', language: 'lo' });
    expect(url.startsWith(`${sandbox.url}/providers/gclub/launch?token=`)).toBe(true);
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(410);
    const err = await adapter
      .launch({ player, gameId: 'no-such-game', returnUrl: 'http://localhost/player', language: 'lo' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRequestError);
    expect(err).toMatchObject({ status: 404, code: 'GAME_NOT_FOUND' });
  });

  it("lists a player's applied transfers between two instants, signed; refused ones and other players' left out", async () => {
    const gclub = providers.get('gclub');
    const [player, other] = [newPlayer(), newPlayer()];
    const from = new Date(Date.now() - 1000);
    const [credit, debit, refused] = [ref(), ref(), ref()];
    await gclub.transfer({ reference: credit, direction: 'IN', player, amountMinor: 80_00n });
    await gclub.transfer({ reference: debit, direction: 'OUT', player, amountMinor: 30_50n });
    await gclub.transfer({ reference: refused, direction: 'OUT', player, amountMinor: 999_00n });
    await gclub.transfer({ reference: ref(), direction: 'IN', player: other, amountMinor: 1_00n });
    const listed = await gclub.transfersBetween!(player, from, new Date(Date.now() + 1000));
    expect(listed.map((e) => [e.reference, e.amountMinor])).toEqual([
      [credit, 80_00n],
      [debit, -30_50n],
    ]);
    expect(await gclub.transfersBetween!(player, new Date(Date.now() + 1000), new Date(Date.now() + 2000))).toEqual([]);
  });

  it('reports turnover since a reference', async () => {
    const adapter = providers.get('alphabet');
    const player = newPlayer();
    const before = ref();
    await adapter.transfer({ reference: before, direction: 'IN', player, amountMinor: 100_00n });
    await sandbox.providerBet('alphabet', player.playerId, 20_00n);
    const after = ref();
    await adapter.transfer({ reference: after, direction: 'IN', player, amountMinor: 10_00n });
    await sandbox.providerBet('alphabet', player.playerId, 5_50n, 11_00n);
    expect(await adapter.turnoverSince(player, before)).toBe(25_50n);
    expect(await adapter.turnoverSince(player, after)).toBe(5_50n);
    await expect(adapter.turnoverSince(player, ref())).rejects.toMatchObject({ code: 'TRANSFER_NOT_FOUND' });
  });

  it('is refused with a wrong secret: no transfer happens', async () => {
    const wrong = new HttpProviderAdapter({
      id: 'gclub',
      baseUrl: `${sandbox.url}/providers/gclub`,
      secret: 'not-the-shared-secret-at-all',
      timeoutMs: TIMEOUT_MS,
    });
    const player = newPlayer();
    expect(await wrong.transfer({ reference: ref(), direction: 'IN', player, amountMinor: 1_00n })).toEqual({
      status: 'REFUSED',
      reason: 'SIGNATURE_INVALID',
    });
    await expect(wrong.balance(player)).rejects.toMatchObject({ status: 401 });
    expect(await sandbox.providerBalance('gclub', player.playerId)).toBeNull();
  });

  it('cannot reach a provider: UNKNOWN for transfers, unavailable for reads', async () => {
    const offline = new HttpProviderAdapter({
      id: 'gclub',
      baseUrl: 'http://127.0.0.1:9/providers/gclub',
      secret: 'x'.repeat(16),
      timeoutMs: TIMEOUT_MS,
    });
    expect((await offline.transfer({ reference: ref(), direction: 'IN', player: newPlayer(), amountMinor: 1_00n })).status).toBe('UNKNOWN');
    expect((await offline.transferStatus(ref())).status).toBe('UNKNOWN');
    await expect(offline.balance(newPlayer())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('answers PROVIDER_NOT_FOUND for an unknown provider id', () => {
    expect(() => providers.get('nope')).toThrow(expect.objectContaining({ code: 'PROVIDER_NOT_FOUND' }));
    expect(providers.list().map((a) => a.id)).toEqual(['alphabet', 'askmebet', 'gclub', 'gclub_live', 'betflix']);
  });
});
