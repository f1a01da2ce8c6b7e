import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AttentionItem, AttentionKind } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { ATTENTION_REFRESH_MS, attentionKeys } from './keys';

export const getAttention = (kind: AttentionKind, cursor: string) =>
  staffApi<{ items: AttentionItem[]; nextCursor: string | null }>(
    `/v2/backoffice/deposits/attention?kind=${kind}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

/** One kind's items, oldest first, 50 at a time by keyset. */
export const attentionQueryOptions = (kind: AttentionKind) =>
  infiniteQueryOptions({
    queryKey: [...attentionKeys.all, kind],
    queryFn: ({ pageParam }) => getAttention(kind, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: ATTENTION_REFRESH_MS,
  });
