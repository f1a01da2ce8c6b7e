import { createFileRoute } from '@tanstack/react-router';
import { PromotionEditPage } from '../../../../features/promotions/components/edit-page';
import { usePromotionId } from '../../../../features/promotions/lib/use-promotion-id';
import { onlyFor } from '../../../../lib/access';

/** One promotion to edit and preview (owner, finance; another role is sent home). */
export const Route = createFileRoute('/_app/promotions/$promotionId/')({
  beforeLoad: onlyFor('/promotions'),
  component: function PromotionRoute() {
    const id = usePromotionId();
    return id ? <PromotionEditPage key={id} id={id} /> : null;
  },
});
