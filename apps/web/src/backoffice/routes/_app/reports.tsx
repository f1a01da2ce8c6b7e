import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { WalletIcon } from '@/components/ui/more-icons';
import { ReportsPage } from '../../features/reports/components/reports-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/reports')({
  ...screen({ label: 'nav.reports', icon: WalletIcon, roles: MONEY_ROLES, order: 80 }),
  component: ReportsPage,
});
