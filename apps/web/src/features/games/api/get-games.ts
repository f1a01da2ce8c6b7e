import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GamesResponse, ProviderId } from '@app/contracts';
import { api } from '@/lib/api-client';

export const getGames = (provider: ProviderId, tab: string | undefined) =>
  api<GamesResponse>(`/v2/games/${provider}${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`);

/** SPEC.md §2: askmebet's game page never goes stale; the others follow the 5-minute default. */
const STALE_TIME: Partial<Record<ProviderId, number>> = { askmebet: Infinity };

/** One tab of a provider's catalogue; the answer names the tab shown and every tab there is. */
export const gamesQueryOptions = (provider: ProviderId, tab: string | undefined) =>
  queryOptions({
    queryKey: ['games', provider, tab ?? null] as const,
    queryFn: () => getGames(provider, tab),
    ...(STALE_TIME[provider] === undefined ? {} : { staleTime: STALE_TIME[provider] }),
  });

/** Switching tabs keeps the previous tab on screen until the next one arrives. */
export const useGames = (provider: ProviderId, tab: string | undefined) =>
  useQuery({ ...gamesQueryOptions(provider, tab), placeholderData: keepPreviousData });
