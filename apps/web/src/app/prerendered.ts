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
 * Whether the browser's first render draws the page already in the HTML for `path`: a public page
 * prerendered at build time for a visitor of a known agency (docs/decisions/020), or a page of the player
 * area (`/player…`) the server drew for the logged-in player (decision 204). The router must have settled
 * on that path with the same visitor or player. Otherwise (the agency answered 404, the player logged in
 * or out meanwhile and was redirected, the route failed) the first render is another screen, drawn
 * afresh rather than over the one in the HTML.
 */
export function drawsPrerenderedPage(router: AppRouter, queryClient: QueryClient, path: string): boolean {
  const { location, matches } = router.state;
  return (
    location.pathname === path &&
    matches.every((m) => m.status === 'success') &&
    agencyOf(queryClient) !== undefined &&
    // `path` is one the build or the server wrote: a visitor's public page, or a player's page (the player
    // route settled, so the answer is in: the player, or null for a visitor)
    (queryClient.getQueryData(playerInfoQueryKey) === null) !== path.startsWith('/player')
  );
}
