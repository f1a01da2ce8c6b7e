import { describe, expect, it, vi } from 'vitest';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { ApiError, post } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';
import { playerInfoQueryOptions } from '@/lib/api/player-info';
import { agencyInfoQueryOptions } from '@/lib/api/agency-info';

describe('query defaults (SPEC.md §9)', () => {
  it('keeps data fresh 5 minutes, collects it after 5 minutes and refetches on focus', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.staleTime).toBe(300_000);
    expect(q.gcTime).toBe(300_000);
    expect(q.refetchOnWindowFocus).toBe(true);
  });

  it('retries a failure up to 3 times with backoff capped at 30 s', () => {
    const network = new ApiError(0, null);
    expect([0, 1, 2].map((n) => shouldRetry(n, network))).toEqual([true, true, true]);
    expect(shouldRetry(3, network)).toBe(false);
    expect(shouldRetry(0, new ApiError(503, null))).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('does not retry answers that will not change (4xx)', () => {
    expect(shouldRetry(0, new ApiError(400, null))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, null))).toBe(false);
  });

  it('never retries player info or agency info', () => {
    expect(playerInfoQueryOptions().retry).toBe(false);
    expect(agencyInfoQueryOptions().retry).toBe(false);
  });
});

describe('a form sent while offline', () => {
  it('fails at once as a network failure (errors:NETWORK) instead of waiting for the network', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    try {
      const observer = new MutationObserver(client, { mutationFn: () => post('/v2/deposits', { amount: '50000' }) });
      const failed = await observer.mutate().catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(ApiError);
      expect((failed as ApiError).code).toBe('NETWORK');
      expect(observer.getCurrentResult()).toMatchObject({ status: 'error', isPaused: false });
    } finally {
      fetchMock.mockRestore();
      onlineManager.setOnline(true);
    }
  });
});
