import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerLimitsResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

export const limitsQueryKey = ['player-limits'] as const;

export const getLimits = () => api<PlayerLimitsResponse>('/v2/players/limits');

/** The player's deposit limits (in force, used, left, waiting) and any exclusion in force. */
export const limitsQueryOptions = () => queryOptions({ queryKey: limitsQueryKey, queryFn: getLimits, staleTime: 0 });
export const useLimits = () => useQuery(limitsQueryOptions());
// The changes are in limit-changes.ts: the limits route's loader brings this module into the entry, and
// the changes would bring useMutation with them (docs/decisions/185).
