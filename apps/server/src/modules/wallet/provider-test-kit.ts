import { randomUUID } from 'node:crypto';
import type { ProviderId } from '@app/contracts';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import type { TestPlayer } from '../../test/players.js';
import { startSandbox, type TestSandbox } from '../../test/sandbox.js';

/** A test file's app talking to its own in-process sandbox; fault knobs are reset after each test. */
export function useAppWithSandbox(): { readonly ctx: TestContext; readonly sandbox: TestSandbox } {
  const state = {} as { ctx: TestContext; sandbox: TestSandbox };
  beforeAll(async () => {
    state.sandbox = await startSandbox();
    state.ctx = await createTestApp(state.sandbox.serverOverrides);
  });
  afterEach(() => state.sandbox.providerFaults.reset());
  afterAll(async () => {
    await state.ctx?.close();
    await state.sandbox?.close();
  });
  return state;
}

/** Puts credit at a provider the way the transfer worker does: through the adapter, with a fresh reference. */
export async function creditAtProvider(ctx: TestContext, p: TestPlayer, provider: ProviderId, amountMinor: bigint) {
  const adapter = ctx.app.providers.get(provider);
  const player = { playerId: p.playerId, agencyId: ctx.database.agencyId, username: p.username };
  await adapter.ensurePlayer(player);
  const outcome = await adapter.transfer({ reference: randomUUID(), direction: 'IN', player, amountMinor });
  if (outcome.status !== 'POSTED') throw new Error(`credit at ${provider}: ${JSON.stringify(outcome)}`);
}
