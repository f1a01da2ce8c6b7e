import { queryOptions } from '@tanstack/react-query';
import type { BackofficePromotion } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { promotionKeys } from './keys';

export const getPromotions = () => staffApi<{ promotions: BackofficePromotion[] }>('/v2/backoffice/promotions');

/** Every promotion of the agency (a few dozen at most: the API answers them in one list), active or not. */
export const promotionsQueryOptions = queryOptions({ queryKey: promotionKeys.list, queryFn: getPromotions });
