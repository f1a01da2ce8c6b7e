import { queryOptions } from '@tanstack/react-query';
import type { PromotionFiguresResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { promotionKeys } from './keys';

export const getPromotionFigures = () => staffApi<PromotionFiguresResponse>('/v2/backoffice/promotions/figures');

/** Per promotion: usages taken, in use now, with a paid deposit, and the bonus cost (THB). */
export const promotionFiguresQueryOptions = queryOptions({ queryKey: promotionKeys.figures, queryFn: getPromotionFigures });
