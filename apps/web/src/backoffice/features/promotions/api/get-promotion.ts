import { queryOptions } from '@tanstack/react-query';
import { staffApi } from '@/backoffice/lib/api';
import { promotionKeys, type PromotionBody } from './keys';

export const getPromotion = (id: string) => staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}`);

export const promotionQueryOptions = (id: string) => queryOptions({ queryKey: promotionKeys.one(id), queryFn: () => getPromotion(id) });
