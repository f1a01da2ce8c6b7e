import type { QueryClient } from '@tanstack/react-query';
import type { ProviderId } from '@app/contracts';
import { gamesQueryOptions } from './api/get-games';

/**
 * What the game pages' routes need, which the route tree (the entry) holds: `?tab=` validated and the
 * catalogue prefetched. Their links and tab labels are in game-links.ts, which only the pages' own chunks load.
 */
export interface GameSearch {
  tab?: string;
}

/** `?tab=` of a game page, kept as given (betflix's tabs look like file names: tab=pp.txt). */
export function validateGameSearch(search: Record<string, unknown>): GameSearch {
  return typeof search.tab === 'string' && search.tab.length > 0 && search.tab.length <= 64 ? { tab: search.tab } : {};
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
