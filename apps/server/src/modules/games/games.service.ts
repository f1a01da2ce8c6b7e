import { pickTab, type ProviderId } from '@app/contracts';
import { adapterOf, providerPlayer, readFromProvider } from '../../providers/reads.js';
import type { GameCatalogue } from '../../providers/types.js';
import { noCredit, noSuchGame } from './games.errors.js';
import type { GamesService, GamesServiceDependencies } from './games.types.js';

/** A catalogue changes when the provider adds games, not per request: one read a minute per provider. */
const CATALOGUE_TTL_MS = 60_000;

export function createGamesService({
  providers,
  wallet,
  responsiblePlay,
  providerMaintenance,
  playTime,
}: GamesServiceDependencies): GamesService {
  const catalogues = new Map<ProviderId, { at: number; value: GameCatalogue }>();

  async function catalogueOf(provider: string): Promise<GameCatalogue> {
    const adapter = adapterOf(providers, provider);
    const hit = catalogues.get(adapter.id);
    if (hit && Date.now() - hit.at < CATALOGUE_TTL_MS) return hit.value;
    const value = await readFromProvider(adapter, () => adapter.games());
    catalogues.set(adapter.id, { at: Date.now(), value });
    return value;
  }

  return {
    async list(provider, askedTab) {
      const catalogue = await catalogueOf(provider);
      const tab = pickTab(catalogue.tabs, askedTab);
      return {
        provider,
        tabs: catalogue.tabs,
        tab,
        games: catalogue.games.filter((g) => g.tab === tab).map((g) => ({ id: g.id, name: g.name, tab: g.tab, imageUrl: g.imageUrl })),
      };
    },

    /**
     * A launch URL for a game of the catalogue. Without credit there the game cannot be played, so
     * the player is told to deposit first (SPEC.md §8 'cannot open game, please deposit'). During a
     * cooling-off or an exclusion no game opens (SELF_EXCLUDED, decision 160), nor at a provider in
     * maintenance (PROVIDER_MAINTENANCE, decision 175). A launch given is kept with the credit read for it:
     * the day's first one is where play time and the net result today start (decision 113).
     */
    async launch(session, req) {
      await responsiblePlay.assertNotExcluded(session);
      await providerMaintenance.assertOpen(session.agencyId, req.provider);
      const catalogue = await catalogueOf(req.provider);
      if (!catalogue.games.some((g) => g.id === req.gameId)) throw noSuchGame(req.gameId, req.provider);
      const credit = await wallet.creditMinorAt(session, req.provider);
      if (credit <= 0n) throw noCredit();
      const adapter = adapterOf(providers, req.provider);
      const launched = await readFromProvider(adapter, () =>
        adapter.launch({ player: providerPlayer(session), gameId: req.gameId, returnUrl: req.returnUrl, language: req.language }),
      );
      await playTime.recordLaunch(session, req.provider, credit);
      return launched;
    },
  };
}
