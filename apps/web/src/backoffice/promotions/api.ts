import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BackofficePromotion,
  PromotionFiguresResponse,
  PromotionInput,
  backofficePromotionUsagePageSchema,
  promotionUsageResponseSchema,
} from '@app/contracts';
import { staffApi, staffPost } from '../lib/api';

export type UsagePage = z.infer<typeof backofficePromotionUsagePageSchema>;
export type StaffUsage = UsagePage['items'][number];
type PromotionBody = { promotion: BackofficePromotion };

const KEY = ['backoffice', 'promotions'] as const;
/** Usages asked per page: the API pages them by keyset, newest first (decision 058), "Show more" asks the next. */
export const USAGES_PAGE_SIZE = 20;

/** Every promotion of the agency (a few dozen at most: the API answers them in one list), active or not. */
export const promotionsQueryOptions = queryOptions({
  queryKey: [...KEY, 'list'],
  queryFn: () => staffApi<{ promotions: BackofficePromotion[] }>('/v2/backoffice/promotions'),
});

/** Per promotion: usages taken, in use now, with a paid deposit, and the bonus cost (THB). */
export const promotionFiguresQueryOptions = queryOptions({
  queryKey: [...KEY, 'figures'],
  queryFn: () => staffApi<PromotionFiguresResponse>('/v2/backoffice/promotions/figures'),
});

export const promotionQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...KEY, id], queryFn: () => staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}`) });

export const promotionUsagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...KEY, id, 'usages'],
    queryFn: ({ pageParam }) =>
      staffApi<UsagePage>(
        `/v2/backoffice/promotions/${id}/usages?limit=${USAGES_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Create (no id) or change a promotion; the list and the promotion are read again after. */
export function useSavePromotion(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionInput) =>
      id
        ? staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}`, { method: 'PUT', body: JSON.stringify(body) })
        : staffPost<PromotionBody>('/v2/backoffice/promotions', body),
    onSuccess: ({ promotion }) => {
      client.setQueryData(promotionQueryOptions(promotion.id).queryKey, { promotion });
      return client.invalidateQueries({ queryKey: promotionsQueryOptions.queryKey });
    },
  });
}

export function useDeactivatePromotion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => staffPost<PromotionBody>(`/v2/backoffice/promotions/${id}/deactivate`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The image's bytes as the request body, their type as the browser tells it (the server decides by the bytes). */
export function useUploadImage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}/image`, {
        method: 'PUT',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
    onSuccess: ({ promotion }) => {
      client.setQueryData(promotionQueryOptions(id).queryKey, { promotion });
      return client.invalidateQueries({ queryKey: promotionsQueryOptions.queryKey });
    },
  });
}

/** The image removed (the promotion then shows without one, here and to players). */
export function useRemoveImage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}/image`, { method: 'DELETE' }),
    onSuccess: ({ promotion }) => {
      client.setQueryData(promotionQueryOptions(id).queryKey, { promotion });
      return client.invalidateQueries({ queryKey: promotionsQueryOptions.queryKey });
    },
  });
}

/** Staff cancel a usage: ACTIVE gives its use back, USED takes the bonus back from the provider. */
export function useCancelUsage(promotionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (usageId: string) =>
      staffPost<z.infer<typeof promotionUsageResponseSchema>>(`/v2/backoffice/promotion-usages/${usageId}/cancel`),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [...KEY, promotionId, 'usages'] });
      void client.invalidateQueries({ queryKey: promotionFiguresQueryOptions.queryKey });
    },
  });
}
