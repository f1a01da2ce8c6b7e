import type { BackofficePromotion } from '@app/contracts';

/** Query keys of the promotions; a change reads the list (and the promotion) again. */
export const promotionKeys = {
  all: ['backoffice', 'promotions'] as const,
  list: ['backoffice', 'promotions', 'list'] as const,
  figures: ['backoffice', 'promotions', 'figures'] as const,
  one: (id: string) => ['backoffice', 'promotions', id] as const,
  usages: (id: string) => ['backoffice', 'promotions', id, 'usages'] as const,
};

/** What the promotion's own calls answer. */
export type PromotionBody = { promotion: BackofficePromotion };
