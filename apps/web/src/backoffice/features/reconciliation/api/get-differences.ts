import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ReconciliationItem } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { RECONCILIATION_REFRESH_MS, reconciliationKeys } from './keys';

export const getDifferences = (cursor: string) =>
  staffApi<{ items: ReconciliationItem[]; nextCursor: string | null }>(
    `/v2/backoffice/reconciliation/differences?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

/** The open differences, oldest first, 50 at a time by keyset. */
export const differencesQueryOptions = infiniteQueryOptions({
  queryKey: [...reconciliationKeys.all, 'differences'],
  queryFn: ({ pageParam }) => getDifferences(pageParam),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  refetchInterval: RECONCILIATION_REFRESH_MS,
});
