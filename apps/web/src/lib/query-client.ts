import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** SPEC.md §9 data freshness. */
export const STALE_TIME_MS = 300_000;
export const GC_TIME_MS = 300_000;
export const MAX_RETRIES = 3;
/**
 * How long a read that is otherwise always asked afresh (the open order, the promotion held) stays
 * fresh: long enough that a page's loader and the components it renders a moment later make one
 * request, not two; short enough that coming back to the page asks again (docs/decisions/076).
 * Changes made on this page set or invalidate the cached answer anyway.
 */
export const JUST_READ_MS = 10_000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Exponential backoff from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/**
 * Up to 3 retries, but a 4xx answer (bad input, not logged in, not found) says the same thing the
 * next time, so only network failures and 5xx are retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
        retryDelay,
      },
      // offline, TanStack's default pauses a mutation until the network returns, and its button spins
      // forever; a money form must be told at once (errors:NETWORK) and keep what the player typed
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The refresh action of SPEC.md §4: every cached query is marked stale and the visible ones refetch. */
export function refreshAll(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
