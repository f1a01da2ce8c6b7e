import { isProviderId } from '@app/contracts';
import { ProviderRequestError, ProviderUnavailableError, type ProviderAdapter, type ProviderLookup, type ProviderPlayer } from './types.js';
import type { PlayerSession } from '../plugins/session.js';
import { AppError } from '../errors.js';

/**
 * Reads a page waits on (credit, catalogue, launch) give up sooner than the adapters' transfer
 * timeout: a player would rather see "provider unavailable" than a spinner.
 */
export const PROVIDER_READ_TIMEOUT_MS = 3000;

/** The adapter of a provider named in a path, or 404 PROVIDER_NOT_FOUND. */
export function adapterOf(providers: ProviderLookup, provider: string): ProviderAdapter {
  if (!isProviderId(provider)) throw new AppError('PROVIDER_NOT_FOUND', `no provider ${provider}`);
  return providers.get(provider);
}

export function providerPlayer(session: Pick<PlayerSession, 'playerId' | 'agencyId' | 'username'>): ProviderPlayer {
  return { playerId: session.playerId, agencyId: session.agencyId, username: session.username };
}

/**
 * Runs a provider read within the read timeout. Unavailable (timeout, 5xx, maintenance) answers
 * 503 PROVIDER_UNAVAILABLE; the provider's "no such game" is GAME_NOT_FOUND; any other definite
 * refusal of a read is a disagreement with the provider, which the player can only wait out: 503 too.
 */
export async function readFromProvider<T>(
  adapter: ProviderAdapter,
  read: () => Promise<T>,
  timeoutMs = PROVIDER_READ_TIMEOUT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderUnavailableError(`${adapter.id}: no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([read(), timeout]);
  } catch (err) {
    if (err instanceof ProviderRequestError && err.code === 'GAME_NOT_FOUND') {
      throw new AppError('GAME_NOT_FOUND', `${adapter.id} has no such game`, { gameId: 'game.validation.game_not_found' });
    }
    if (err instanceof ProviderUnavailableError || err instanceof ProviderRequestError) {
      throw new AppError('PROVIDER_UNAVAILABLE', `${adapter.id} is unavailable, try again later`);
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
