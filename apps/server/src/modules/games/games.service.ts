import type { FastifyInstance } from 'fastify';
import { pickTab, type GamesResponse, type Language, type ProviderId } from '@app/contracts';
import type { GameCatalogue } from '../../providers/types.js';
import type { PlayerSession } from '../../plugins/session.js';
import { AppError } from '../../errors.js';
import { creditMinorAt } from '../wallet/credits.service.js';
import { adapterOf, providerPlayer, readFromProvider } from '../wallet/provider-call.js';

/** A catalogue changes when the provider adds games, not per request: one read a minute per provider. */
const CATALOGUE_TTL_MS = 60_000;

export interface CatalogueCache {
  get(provider: ProviderId): { at: number; value: GameCatalogue } | undefined;
  set(provider: ProviderId, entry: { at: number; value: GameCatalogue }): void;
}

async function catalogueOf(app: FastifyInstance, cache: CatalogueCache, provider: string): Promise<GameCatalogue> {
  const adapter = adapterOf(app, provider);
  const hit = cache.get(adapter.id);
  if (hit && Date.now() - hit.at < CATALOGUE_TTL_MS) return hit.value;
  const value = await readFromProvider(adapter, () => adapter.games());
  cache.set(adapter.id, { at: Date.now(), value });
  return value;
}

/** One tab of a provider's catalogue: the asked tab when it exists, else the first. */
export async function listGames(
  app: FastifyInstance,
  cache: CatalogueCache,
  provider: string,
  askedTab: string | undefined,
): Promise<GamesResponse> {
  const catalogue = await catalogueOf(app, cache, provider);
  const tab = pickTab(catalogue.tabs, askedTab);
  return {
    provider,
    tabs: catalogue.tabs,
    tab,
    games: catalogue.games.filter((g) => g.tab === tab).map((g) => ({ id: g.id, name: g.name, tab: g.tab, imageUrl: g.imageUrl })),
  };
}

/**
 * A launch URL for a game of the catalogue. Without credit there the game cannot be played, so the
 * player is told to deposit first (SPEC.md §8 'cannot open game, please deposit').
 */
export async function launchGame(
  app: FastifyInstance,
  cache: CatalogueCache,
  session: PlayerSession,
  req: { provider: string; gameId: string; language: Language; returnUrl: string },
): Promise<{ url: string }> {
  const catalogue = await catalogueOf(app, cache, req.provider);
  if (!catalogue.games.some((g) => g.id === req.gameId)) {
    throw new AppError('GAME_NOT_FOUND', `no game ${req.gameId} at ${req.provider}`, { gameId: 'game.validation.game_not_found' });
  }
  if ((await creditMinorAt(app, session, req.provider)) <= 0n) {
    throw new AppError('GAME_NO_CREDIT', 'cannot open game, please deposit');
  }
  const adapter = adapterOf(app, req.provider);
  return readFromProvider(adapter, () =>
    adapter.launch({ player: providerPlayer(session), gameId: req.gameId, returnUrl: req.returnUrl, language: req.language }),
  );
}
