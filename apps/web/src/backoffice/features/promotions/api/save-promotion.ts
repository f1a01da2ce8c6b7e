import { useMutation } from '@tanstack/react-query';
import type { PromotionInput } from '@app/contracts';
import { staffApi, staffPost } from '@/backoffice/lib/api';
import type { PromotionBody } from './keys';
import { usePromotionChanged } from './promotion-changed';

/** Create (no id) or change a promotion. */
export const savePromotion = (id: string | null, body: PromotionInput) =>
  id
    ? staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}`, { method: 'PUT', body: JSON.stringify(body) })
    : staffPost<PromotionBody>('/v2/backoffice/promotions', body);

/** Create or change a promotion; the list and the promotion are read again after. */
export function useSavePromotion(id: string | null) {
  const changed = usePromotionChanged();
  return useMutation({ mutationFn: (body: PromotionInput) => savePromotion(id, body), onSuccess: changed });
}
