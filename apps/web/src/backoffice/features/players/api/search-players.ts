import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PlayerSearchField, PlayerSearchResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { playerKeys } from './keys';

const PAGE = 25;

export const searchPlayers = (by: PlayerSearchField, q: string, cursor: string) =>
  staffApi<PlayerSearchResponse>(
    `/v2/backoffice/players?${new URLSearchParams({ by, q, limit: String(PAGE), ...(cursor ? { cursor } : {}) })}`,
  );

/** The search, one keyset page after another ("more" appends the next). */
export const playerSearchQueryOptions = (by: PlayerSearchField, q: string) =>
  infiniteQueryOptions({
    queryKey: playerKeys.search(by, q),
    queryFn: ({ pageParam }) => searchPlayers(by, q, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
