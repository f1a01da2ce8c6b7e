import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { promotionUsageResponseSchema } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { promotionKeys } from './keys';

export const cancelUsage = (usageId: string) =>
  staffPost<z.infer<typeof promotionUsageResponseSchema>>(`/v2/backoffice/promotion-usages/${usageId}/cancel`);

/** Staff cancel a usage: ACTIVE gives its use back, USED takes the bonus back from the provider. */
export function useCancelUsage(promotionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelUsage,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: promotionKeys.usages(promotionId) });
      void client.invalidateQueries({ queryKey: promotionKeys.figures });
    },
  });
}
