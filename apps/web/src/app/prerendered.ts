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

/** The player area (SPEC.md §2): its pages are a logged-in player's, rendered by the server with the player's data. */
const isPlayerPage = (path: string) => path === '/player' || path.startsWith('/player/');

/**
 * Whether the browser's first render draws the page already in the HTML for `path`: a public page
 * prerendered at build time for a visitor of a known agency (docs/decisions/020), or a player page the
 * server rendered for the logged-in player (decision 204). The router must have settled on that path with
 * the same visitor or player. Otherwise (the agency answered 404, the player logged in or out meanwhile
 * and was redirected, the route failed) the first render is another screen, drawn afresh rather than
 * over the one in the HTML.
 */
export function drawsPrerenderedPage(router: AppRouter, queryClient: QueryClient, path: string): boolean {
  const { location, matches } = router.state;
  const player = queryClient.getQueryData(playerInfoQueryKey);
  return (
    location.pathname === path &&
    matches.every((m) => m.status === 'success') &&
    agencyOf(queryClient) !== undefined &&
    (isPlayerPage(path) ? player !== null && player !== undefined : player === null)
  );
}
