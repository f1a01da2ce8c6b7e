import { describe, expect, it } from 'vitest';
import { loadConfig, providerBaseUrl } from '../config.js';
import { safeProductionEnv } from '../test/production-env.js';
import { DEVELOPMENT_PROVIDER_KEYS, providerProtocolSettings } from './protocols.js';
import { createProviderRegistry } from './registry.js';

/** PROVIDER_<ID>_PROTOCOL and its keys (docs/decisions/140-provider-protocols.md). */
describe('provider protocols in the configuration', () => {
  it('defaults to the sandbox protocol; a real one reaches the sandbox endpoint of that protocol with the development keys', () => {
    const config = loadConfig({
      SANDBOX_URL: 'http://127.0.0.1:3100',
      PROVIDER_ASKMEBET_PROTOCOL: 'amb',
      PROVIDER_BETFLIX_PROTOCOL: 'betflix',
    });
    expect(providerBaseUrl(config, 'gclub')).toBe('http://127.0.0.1:3100/providers/gclub');
    expect(providerBaseUrl(config, 'askmebet')).toBe('http://127.0.0.1:3100/providers/amb/askmebet');
    expect(providerBaseUrl(config, 'betflix')).toBe('http://127.0.0.1:3100/providers/betflix/betflix');
    expect(providerProtocolSettings(config, 'askmebet')).toMatchObject({ protocol: 'amb', key: DEVELOPMENT_PROVIDER_KEYS.KEY });
    const registry = createProviderRegistry(config);
    expect(registry.get('askmebet').constructor.name).toBe('AmbProviderAdapter');
    expect(registry.get('betflix').constructor.name).toBe('BetflixProviderAdapter');
    expect(registry.get('gclub').constructor.name).toBe('HttpProviderAdapter');
  });

  it('refuses an unknown protocol', () => {
    expect(() => loadConfig({ PROVIDER_GCLUB_PROTOCOL: 'seamless' })).toThrow(/PROVIDER_GCLUB_PROTOCOL/);
  });

  it('in production, a provider on a real protocol needs its own keys', () => {
    const base = safeProductionEnv();
    expect(() => loadConfig({ ...base, PROVIDER_ASKMEBET_PROTOCOL: 'amb' })).toThrow(/PROVIDER_ASKMEBET_KEY[\s\S]*PROVIDER_ASKMEBET_AGENT/);
    expect(() =>
      loadConfig({
        ...base,
        PROVIDER_BETFLIX_PROTOCOL: 'betflix',
        PROVIDER_BETFLIX_KEY: 'k-live-1',
        PROVIDER_BETFLIX_SECRET: DEVELOPMENT_PROVIDER_KEYS.SECRET,
      }),
    ).toThrow(/PROVIDER_BETFLIX_SECRET/);
    const ok = loadConfig({
      ...base,
      PROVIDER_ASKMEBET_PROTOCOL: 'amb',
      PROVIDER_ASKMEBET_KEY: 'k-live-2',
      PROVIDER_ASKMEBET_AGENT: 'agent7',
      PROVIDER_ASKMEBET_CLIENT: 'client7',
    });
    expect(providerProtocolSettings(ok, 'askmebet')).toEqual({
      protocol: 'amb',
      key: 'k-live-2',
      agent: 'agent7',
      client: 'client7',
      secret: DEVELOPMENT_PROVIDER_KEYS.SECRET,
    });
  });
});
