import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromotionsResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { promotionKeys } from './keys';

export const getPromotions = () => api<PromotionsResponse>('/v2/promotions');

/** The agency's active promotions; SPEC.md §2: prefetched before the list and the detail (found in it by id). */
export const promotionsQueryOptions = () =>
  queryOptions({ queryKey: promotionKeys.list(currentLanguage()), queryFn: getPromotions, select: (d) => d.promotions });

export const usePromotions = () => useQuery(promotionsQueryOptions());
