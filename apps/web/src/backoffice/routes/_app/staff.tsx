import { createFileRoute } from '@tanstack/react-router';
import { OWNER_ONLY } from '@app/contracts/staff-roles';
import { UserIcon } from '@/components/ui/icons';
import { StaffUsers } from '../../features/staff-users/components/staff-users-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/staff')({
  ...screen({ label: 'nav.staff', icon: UserIcon, roles: OWNER_ONLY, order: 140 }),
  component: StaffUsers,
});
