import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { DepositIcon } from '@/components/ui/icons';
import { ExportsPage } from '../../features/exports/components/exports-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/exports')({
  ...screen({ label: 'nav.exports', icon: DepositIcon, roles: MONEY_ROLES, order: 100 }),
  component: ExportsPage,
});
