import { createFileRoute } from '@tanstack/react-router';
import { UsagesPage } from '../../../../features/promotions/components/usages-page';
import { usePromotionId } from '../../../../features/promotions/lib/use-promotion-id';
import { onlyFor } from '../../../../lib/access';

/** A promotion's usages, newest first; staff cancel one here. */
export const Route = createFileRoute('/_app/promotions/$promotionId/usages')({
  beforeLoad: onlyFor('/promotions'),
  component: function UsagesRoute() {
    const id = usePromotionId();
    return id ? <UsagesPage key={id} id={id} /> : null;
  },
});
