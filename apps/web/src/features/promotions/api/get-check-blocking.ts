import { useQuery } from '@tanstack/react-query';
import type { PromotionCheckBlockingResponse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { promotionKeys } from './keys';

export const getCheckBlocking = () => api<PromotionCheckBlockingResponse>('/v2/promotions/check-blocking');

/** Why taking a promotion would be refused now (blocked, no bank account, one held, an open deposit), asked afresh. */
export const useCheckBlocking = () => useQuery({ queryKey: promotionKeys.blocking, queryFn: getCheckBlocking, staleTime: 0 });
