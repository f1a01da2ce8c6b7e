import { PROVIDER_IDS } from '@app/contracts';
import { providerBaseUrl, type Config } from '../config.js';
import { AmbProviderAdapter } from './amb/amb-adapter.js';
import { BetflixProviderAdapter } from './betflix/betflix-adapter.js';
import { HttpProviderAdapter } from './http-adapter.js';
import { providerProtocolSettings } from './protocols.js';
import type { ProviderAdapter } from './types.js';

/** Each provider's adapter, of the protocol its PROVIDER_<ID>_PROTOCOL names (docs/decisions/140-provider-protocols.md). */
export function providerAdapters(config: Config): ProviderAdapter[] {
  return PROVIDER_IDS.map((id) => {
    const baseUrl = providerBaseUrl(config, id);
    const timeoutMs = config.PROVIDER_TIMEOUT_MS;
    const s = providerProtocolSettings(config, id);
    switch (s.protocol) {
      case 'amb':
        return new AmbProviderAdapter({ id, baseUrl, key: s.key, agent: s.agent, client: s.client, timeoutMs });
      case 'betflix':
        return new BetflixProviderAdapter({ id, baseUrl, key: s.key, secret: s.secret, timeoutMs });
      case 'sandbox':
        return new HttpProviderAdapter({ id, baseUrl, secret: config.PROVIDER_SECRET, timeoutMs });
    }
  });
}
