import { createFileRoute } from '@tanstack/react-router';
import { PromotionEditPage } from '../../../features/promotions/components/edit-page';
import { onlyFor } from '../../../lib/access';

export const Route = createFileRoute('/_app/promotions/new')({
  beforeLoad: onlyFor('/promotions'),
  component: () => <PromotionEditPage id={null} />,
});
