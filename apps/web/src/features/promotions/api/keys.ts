import { promotionsQueryRoot } from '@/lib/api/get-promotion-using';

/** Query keys of the promotion feature; texts come in the player's language, so it is part of each key. */
export const promotionKeys = {
  all: promotionsQueryRoot,
  list: (lng: string) => [...promotionsQueryRoot, 'list', lng] as const,
  blocking: [...promotionsQueryRoot, 'check-blocking'] as const,
  usages: (lng: string, page: number, pageSize: number) => [...promotionsQueryRoot, 'usages', lng, page, pageSize] as const,
};
