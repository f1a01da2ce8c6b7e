import type { QueryClient } from '@tanstack/react-query';
import type { ProviderId } from '@app/contracts';
import { gamesQueryOptions } from './api/get-games';

/** The game page of each provider (SPEC.md §2). */
export const GAME_PAGES = {
  alphabet: '/player/game/alphabet',
  askmebet: '/player/game/askmebet',
  gclub: '/player/game/gclub',
  gclub_live: '/player/game/gclub_live',
  betflix: '/player/game/betflix',
} as const satisfies Record<ProviderId, string>;
export type GamePagePath = (typeof GAME_PAGES)[ProviderId];

export interface GameSearch {
  tab?: string;
}

/** The tab each provider's links open on (SPEC.md §2: askmebet with tab=Slot, betflix with tab=pp.txt). */
export const LINK_SEARCH: Record<ProviderId, GameSearch> = {
  alphabet: {},
  askmebet: { tab: 'Slot' },
  gclub: {},
  gclub_live: {},
  betflix: { tab: 'pp.txt' },
};

/** `?tab=` of a game page, kept as given (betflix's tabs look like file names: tab=pp.txt). */
export function validateGameSearch(search: Record<string, unknown>): GameSearch {
  return typeof search.tab === 'string' && search.tab.length > 0 && search.tab.length <= 64 ? { tab: search.tab } : {};
}

/** How a tab reads: a translated category when it is one, else the provider's own name for it. */
export function tabLabelKey(tab: string): string | null {
  const key = tab.toLowerCase();
  return ['slot', 'casino', 'live', 'fishing'].includes(key) ? `games.tab.${key}` : null;
}

export function rawTabLabel(tab: string): string {
  return tab.replace(/\.txt$/i, '').toUpperCase();
}

/**
 * The route options every game page shares: `?tab=` validated, and the catalogue of that tab
 * prefetched without waiting, so a provider that is down shows in the page rather than as a failed
 * route. The credit is not prefetched: it is never fresh, so the page asks again anyway.
 */
export function gamePageRoute(provider: ProviderId) {
  return {
    validateSearch: validateGameSearch,
    loaderDeps: ({ search }: { search: GameSearch }) => ({ tab: search.tab }),
    loader: ({ context, deps }: { context: { queryClient: QueryClient }; deps: GameSearch }) => {
      void context.queryClient.prefetchQuery(gamesQueryOptions(provider, deps.tab));
    },
  };
}
