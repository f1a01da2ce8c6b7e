import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { WithdrawIcon } from '@/components/ui/icons';
import { QueuePage } from '../../features/withdrawals/components/queue-page';
import { screen } from '../../lib/access';

/** The withdrawal queue (DESIGN.md §9): finance and the owner decide the open withdrawals, oldest first. */
export const Route = createFileRoute('/_app/withdrawals')({
  ...screen({ label: 'nav.withdrawals', icon: WithdrawIcon, roles: MONEY_ROLES, order: 20 }),
  component: QueuePage,
});
