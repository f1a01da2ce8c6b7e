import type { QueryClient } from '@tanstack/react-query';
import { agencyInfoQueryOptions, type Agency } from '@/lib/api/agency-info';
import { playerInfoQueryKey } from '@/lib/api/player-info';
import type { AppRouter } from './router';

/** The state the build prerenders a public page in (src/prerender.tsx): a known agency, a visitor. */
export function setVisitorState(queryClient: QueryClient, agency: Agency): void {
  queryClient.setQueryData(agencyInfoQueryOptions().queryKey, { agency });
  queryClient.setQueryData(playerInfoQueryKey, null);
}

const agencyOf = (queryClient: QueryClient) => queryClient.getQueryData(agencyInfoQueryOptions().queryKey)?.agency;

/**
 * Whether the browser's first render draws the page prerendered for `path` (docs/decisions/020): the
 * router settled on that path, for a visitor of a known agency. Otherwise (the agency answered 404,
 * the player is logged in and was redirected, the route failed) the first render is another screen,
 * drawn afresh rather than over the prerendered one.
 */
export function drawsPrerenderedPage(router: AppRouter, queryClient: QueryClient, path: string): boolean {
  const { location, matches } = router.state;
  return (
    location.pathname === path &&
    matches.every((m) => m.status === 'success') &&
    agencyOf(queryClient) !== undefined &&
    queryClient.getQueryData(playerInfoQueryKey) === null
  );
}
