import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rateHistoryResponseSchema } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { rateKeys } from './keys';

export const getRateHistory = (id: string, cursor: string) =>
  staffApi<z.infer<typeof rateHistoryResponseSchema>>(
    `/v2/backoffice/currencies/${id}/history?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
  );

export const rateHistoryQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: rateKeys.history(id),
    queryFn: ({ pageParam }) => getRateHistory(id, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
