import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffPost } from '@/backoffice/lib/api';
import { promotionKeys, type PromotionBody } from './keys';

export const deactivatePromotion = (id: string) => staffPost<PromotionBody>(`/v2/backoffice/promotions/${id}/deactivate`);

export function useDeactivatePromotion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deactivatePromotion(id),
    onSuccess: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
