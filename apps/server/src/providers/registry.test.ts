import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAppWithSandbox } from '../modules/wallet/provider-test-kit.js';
import { testConfig } from '../test/app.js';
import { createProviderRegistry } from './registry.js';

const env = useAppWithSandbox();

describe('app.providers', () => {
  it('holds an adapter per provider that reaches the configured sandbox', async () => {
    const player = { playerId: randomUUID(), agencyId: env.ctx.database.agencyId, username: 'somchai01' };
    const gclub = env.ctx.app.providers.get('gclub');
    expect(gclub.id).toBe('gclub');
    expect(await gclub.transfer({ reference: `r-${randomUUID()}`, direction: 'IN', player, amountMinor: 42_00n })).toMatchObject({
      status: 'POSTED',
    });
    expect(await env.sandbox.providerBalance('gclub', player.playerId)).toBe(42_00n);
    expect(env.ctx.app.providers.list()).toHaveLength(5);
  });

  it('answers PROVIDER_NOT_FOUND (404) for an unknown provider', () => {
    expect(() => env.ctx.app.providers.get('pgsoft')).toThrow(expect.objectContaining({ code: 'PROVIDER_NOT_FOUND', statusCode: 404 }));
    expect(env.ctx.app.providers.has('pgsoft')).toBe(false);
    expect(env.ctx.app.providers.has('betflix')).toBe(true);
  });

  it('takes a per-provider base URL from PROVIDER_<ID>_URL', async () => {
    const registry = createProviderRegistry(
      testConfig({
        SANDBOX_URL: 'http://127.0.0.1:9',
        PROVIDER_TIMEOUT_MS: '2000',
        PROVIDER_GCLUB_LIVE_URL: `${env.sandbox.url}/providers/gclub_live`,
      }),
    );
    expect((await registry.get('gclub_live').games('Live')).games.length).toBeGreaterThan(0);
    await expect(registry.get('gclub').games()).rejects.toThrow(/gclub/);
  });
});
