import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { HistoryIcon } from '@/components/ui/more-icons';
import { ReconciliationPage } from '../../features/reconciliation/components/reconciliation-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/reconciliation')({
  ...screen({ label: 'nav.reconciliation', icon: HistoryIcon, roles: MONEY_ROLES, order: 40 }),
  component: ReconciliationPage,
});
