import { useMutation } from '@tanstack/react-query';
import { staffApi } from '@/backoffice/lib/api';
import type { PromotionBody } from './keys';
import { usePromotionChanged } from './promotion-changed';

/** The image removed (the promotion then shows without one, here and to players). */
export const removePromotionImage = (id: string) => staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}/image`, { method: 'DELETE' });

export function useRemoveImage(id: string) {
  const changed = usePromotionChanged();
  return useMutation({ mutationFn: () => removePromotionImage(id), onSuccess: changed });
}
