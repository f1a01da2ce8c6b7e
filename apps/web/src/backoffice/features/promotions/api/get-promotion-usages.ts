import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { backofficePromotionUsagePageSchema } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { promotionKeys } from './keys';

export type UsagePage = z.infer<typeof backofficePromotionUsagePageSchema>;
export type StaffUsage = UsagePage['items'][number];

/** Usages asked per page: the API pages them by keyset, newest first (decision 058), "Show more" asks the next. */
export const USAGES_PAGE_SIZE = 20;

export const getPromotionUsages = (id: string, cursor: string) =>
  staffApi<UsagePage>(
    `/v2/backoffice/promotions/${id}/usages?limit=${USAGES_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

export const promotionUsagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: promotionKeys.usages(id),
    queryFn: ({ pageParam }) => getPromotionUsages(id, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
