import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { GiftIcon } from '@/components/ui/more-icons';
import { PromotionsPage } from '../../../features/promotions/components/list-page';
import { screen } from '../../../lib/access';

export const Route = createFileRoute('/_app/promotions/')({
  ...screen({ label: 'nav.promotions', icon: GiftIcon, roles: MONEY_ROLES, order: 70 }),
  component: PromotionsPage,
});
