import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromotionUsingResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { JUST_READ_MS } from '@/lib/query-client';

/** Everything under ['promotions'] is refreshed after a promotion changes (taken, cancelled, a deposit paid). */
export const promotionsQueryRoot = ['promotions'] as const;

export const getPromotionUsing = () => api<PromotionUsingResponse>('/v2/players/promotions/using');

/**
 * The promotion the player holds (ACTIVE or USED) with its usage, or nulls. Shared: the promotion
 * pages show it, the deposit form fixes its provider and amount, the withdraw form previews its split.
 * The server answers in the player's language, so the language is part of the key.
 */
export const promotionUsingQueryOptions = () =>
  queryOptions({
    queryKey: [...promotionsQueryRoot, 'using', currentLanguage()] as const,
    queryFn: getPromotionUsing,
    staleTime: JUST_READ_MS,
  });

export const usePromotionUsing = () => useQuery(promotionUsingQueryOptions());
