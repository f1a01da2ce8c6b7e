import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ProviderId } from '@app/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { providerAdapters } from './registry-adapters.js';
import type { ProviderAdapter } from './types.js';

/** Every provider's adapter by id; `get` answers PROVIDER_NOT_FOUND (404) for an id we do not know. */
export class ProviderRegistry {
  private readonly adapters: Map<string, ProviderAdapter>;

  constructor(adapters: ProviderAdapter[]) {
    this.adapters = new Map(adapters.map((a) => [a.id, a]));
  }

  get(id: string): ProviderAdapter {
    const adapter = this.adapters.get(id);
    if (!adapter) throw new AppError('PROVIDER_NOT_FOUND', `no provider ${id}`);
    return adapter;
  }

  has(id: string): id is ProviderId {
    return this.adapters.has(id);
  }

  list(): ProviderAdapter[] {
    return [...this.adapters.values()];
  }
}

/** One adapter per provider, of its protocol: base URL PROVIDER_<ID>_URL or the sandbox, its keys, the timeout. */
export function createProviderRegistry(config: Config, db?: Db): ProviderRegistry {
  return new ProviderRegistry(providerAdapters(config, db));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the game providers' adapters (DESIGN.md §4) */
    providers: ProviderRegistry;
  }
}

export const providersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('providers', createProviderRegistry(app.config, app.db));
  },
  { name: 'providers' },
);
