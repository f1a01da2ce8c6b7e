import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PromotionUsagePage } from '@app/contracts';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { promotionKeys } from './keys';

export const getUsages = (page: number, pageSize: number) =>
  api<PromotionUsagePage>(`/v2/promotions/usages?page=${page}&pageSize=${pageSize}`);

export const usagesQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: promotionKeys.usages(currentLanguage(), page, pageSize),
    queryFn: () => getUsages(page, pageSize),
    placeholderData: keepPreviousData,
  });

export const useUsages = (page: number, pageSize: number) => useQuery(usagesQueryOptions(page, pageSize));
