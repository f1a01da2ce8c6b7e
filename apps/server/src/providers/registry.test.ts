import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../test/app.js';
import { startSandbox, type TestSandbox } from '../test/sandbox.js';
import { createProviderRegistry } from './registry.js';

let sandbox: TestSandbox;
let ctx: TestContext;

beforeAll(async () => {
  sandbox = await startSandbox();
  ctx = await createTestApp(sandbox.serverOverrides);
});
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

describe('app.providers', () => {
  it('holds an adapter per provider that reaches the configured sandbox', async () => {
    const player = { playerId: randomUUID(), agencyId: ctx.database.agencyId, username: 'somchai01' };
    const gclub = ctx.app.providers.get('gclub');
    expect(gclub.id).toBe('gclub');
    expect(await gclub.transfer({ reference: `r-${randomUUID()}`, direction: 'IN', player, amountMinor: 42_00n })).toMatchObject({
      status: 'POSTED',
    });
    expect(await sandbox.providerBalance('gclub', player.playerId)).toBe(42_00n);
    expect(ctx.app.providers.list()).toHaveLength(5);
  });

  it('answers PROVIDER_NOT_FOUND (404) for an unknown provider', () => {
    expect(() => ctx.app.providers.get('pgsoft')).toThrow(expect.objectContaining({ code: 'PROVIDER_NOT_FOUND', statusCode: 404 }));
    expect(ctx.app.providers.has('pgsoft')).toBe(false);
    expect(ctx.app.providers.has('betflix')).toBe(true);
  });

  it('takes a per-provider base URL from PROVIDER_<ID>_URL', async () => {
    const registry = createProviderRegistry(testConfig({ SANDBOX_URL: 'http://127.0.0.1:9', PROVIDER_TIMEOUT_MS: '2000' }), {
      PROVIDER_GCLUB_LIVE_URL: `${sandbox.url}/providers/gclub_live`,
    });
    expect((await registry.get('gclub_live').games('Live')).games.length).toBeGreaterThan(0);
    await expect(registry.get('gclub').games()).rejects.toThrow(/gclub/);
  });
});
