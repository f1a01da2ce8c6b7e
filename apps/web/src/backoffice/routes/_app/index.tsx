import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { HomeIcon } from '@/components/ui/more-icons';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { screen } from '../../lib/access';

/** The dashboard: owner's and finance's home (support goes to the players). */
export const Route = createFileRoute('/_app/')({
  ...screen({ label: 'nav.home', icon: HomeIcon, roles: MONEY_ROLES, order: 10 }),
  component: DashboardPage,
});
