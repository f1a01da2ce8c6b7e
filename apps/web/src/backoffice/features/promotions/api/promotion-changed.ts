import { useQueryClient } from '@tanstack/react-query';
import { promotionKeys, type PromotionBody } from './keys';

/** A call answered the promotion as it is now: kept as its own answer, and the list read again. */
export function usePromotionChanged() {
  const client = useQueryClient();
  return ({ promotion }: PromotionBody) => {
    client.setQueryData(promotionKeys.one(promotion.id), { promotion });
    return client.invalidateQueries({ queryKey: promotionKeys.list });
  };
}
