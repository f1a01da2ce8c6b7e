import { afterAll, beforeAll, expect } from 'vitest';
import { checkLedger } from '../ledger/check.js';
import { playerCredit } from '../ledger/ledger.js';
import { createTestApp, type TestContext } from './app.js';
import { startSandbox, type TestSandbox } from './sandbox.js';
import type { ProviderId } from '@app/contracts';

export interface ServerAndSandbox {
  /** set before the file's own beforeAll hooks run */
  ctx: TestContext;
  sandbox: TestSandbox;
  agencyId(): string;
  /** the ledger is sound and the player's ledger credit is what the provider holds; returns it */
  expectAgreement(player: { playerId: string }, providerId?: ProviderId): Promise<bigint>;
}

/**
 * A test file's server (fresh database) and sandbox, started before its tests and closed after.
 * `overrides` go to the server's configuration, next to the sandbox's URL; `options.now` is its clock.
 */
export function useServerAndSandbox(overrides: Record<string, string> = {}, options: { now?: () => Date } = {}): ServerAndSandbox {
  const env = {
    agencyId: () => env.ctx.database.agencyId,
    async expectAgreement(player: { playerId: string }, providerId: ProviderId = 'gclub') {
      expect(await checkLedger(env.ctx.app.db)).toEqual([]);
      const atProvider = (await env.sandbox.providerBalance(providerId, player.playerId)) ?? 0n;
      expect(await playerCredit(env.ctx.app.db, env.agencyId(), player.playerId, providerId)).toBe(atProvider);
      return atProvider;
    },
  } as ServerAndSandbox;
  // a fresh database and sandbox take long on a busy machine; the default hook time is 60 s
  beforeAll(async () => {
    env.sandbox = await startSandbox();
    env.ctx = await createTestApp({ ...env.sandbox.serverOverrides, ...overrides }, undefined, options);
  }, 180_000);
  afterAll(async () => {
    await env.ctx?.close();
    await env.sandbox?.close();
  });
  return env;
}
