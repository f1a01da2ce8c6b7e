import { createRoute, useParams } from '@tanstack/react-router';
import { PromotionEditPage } from '../promotions/edit-page';
import { PromotionsPage } from '../promotions/list-page';
import { UsagesPage } from '../promotions/usages-page';
import { appRoute, onlyFor } from './_app';

// not strict: a page being left may render once more without its match (decision 018)
const usePromotionId = () => (useParams({ strict: false }) as { promotionId?: string }).promotionId ?? '';

/** The promotions (owner, finance; another role is sent home): the list, a new one, one to edit and preview, its usages. */
export const promotionsRoute = createRoute({
  getParentRoute: () => appRoute,
  beforeLoad: onlyFor('/promotions'),
  path: '/promotions',
  component: PromotionsPage,
});
export const newPromotionRoute = createRoute({
  getParentRoute: () => appRoute,
  beforeLoad: onlyFor('/promotions'),
  path: '/promotions/new',
  component: () => <PromotionEditPage id={null} />,
});
export const promotionRoute = createRoute({
  getParentRoute: () => appRoute,
  beforeLoad: onlyFor('/promotions'),
  path: '/promotions/$promotionId',
  component: function PromotionRoute() {
    const id = usePromotionId();
    return id ? <PromotionEditPage key={id} id={id} /> : null;
  },
});
export const promotionUsagesRoute = createRoute({
  getParentRoute: () => appRoute,
  beforeLoad: onlyFor('/promotions'),
  path: '/promotions/$promotionId/usages',
  component: function UsagesRoute() {
    const id = usePromotionId();
    return id ? <UsagesPage key={id} id={id} /> : null;
  },
});
