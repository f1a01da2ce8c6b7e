import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionUsageResponse, UsePromotionBody } from '@app/contracts';
import { post } from '@/lib/api-client';
import { promotionKeys } from './keys';

const idempotent = (key: string): RequestInit => ({ headers: { 'idempotency-key': key } });

export const takePromotion = (body: UsePromotionBody, key: string) =>
  post<PromotionUsageResponse>('/v2/promotions/use', body, idempotent(key));
export const cancelUsage = (usageId: string, key: string) =>
  post<PromotionUsageResponse>('/v2/promotions/usages/cancel', { usageId }, idempotent(key));
export const recheckUsage = (key: string) => post<PromotionUsageResponse>('/v2/promotions/usages/recheck', {}, idempotent(key));

/** After any change of a usage: the promotion in use, the history and the blocking reason are stale; a cancel moves credit. */
function useUsageMutation<V>(fn: (vars: V) => Promise<PromotionUsageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
    },
  });
}

export const useTakePromotion = () => useUsageMutation((v: { body: UsePromotionBody; key: string }) => takePromotion(v.body, v.key));
export const useCancelUsage = () => useUsageMutation((v: { usageId: string; key: string }) => cancelUsage(v.usageId, v.key));
export const useRecheckUsage = () => useUsageMutation((key: string) => recheckUsage(key));
