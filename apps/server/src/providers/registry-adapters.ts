import { PROVIDER_IDS } from '@app/contracts';
import { providerBaseUrl, type Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AmbProviderAdapter } from './amb/amb-adapter.js';
import { DbWitnessStore } from './amb/amb-witness-db.js';
import { staleClaimMs } from './amb/amb-witness.js';
import { BetflixProviderAdapter } from './betflix/betflix-adapter.js';
import { HttpProviderAdapter } from './http-adapter.js';
import { providerProtocolSettings } from './protocols.js';
import type { ProviderAdapter } from './types.js';

/** Each provider's adapter, of the protocol its PROVIDER_<ID>_PROTOCOL names (docs/decisions/140-provider-protocols.md). */
export function providerAdapters(config: Config, db?: Db): ProviderAdapter[] {
  // AMB's balance witnesses in the database when there is one (every instance sees them)
  const witnesses = db ? new DbWitnessStore(db, staleClaimMs(config.PROVIDER_TIMEOUT_MS)) : undefined;
  return PROVIDER_IDS.map((id) => {
    const baseUrl = providerBaseUrl(config, id);
    const timeoutMs = config.PROVIDER_TIMEOUT_MS;
    const s = providerProtocolSettings(config, id);
    switch (s.protocol) {
      case 'amb':
        return new AmbProviderAdapter({ id, baseUrl, key: s.key, agent: s.agent, client: s.client, timeoutMs, witnesses });
      case 'betflix':
        return new BetflixProviderAdapter({ id, baseUrl, key: s.key, secret: s.secret, timeoutMs });
      case 'sandbox':
        return new HttpProviderAdapter({ id, baseUrl, secret: config.PROVIDER_SECRET, timeoutMs });
    }
  });
}
