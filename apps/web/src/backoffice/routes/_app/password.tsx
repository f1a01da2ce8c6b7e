import { createFileRoute } from '@tanstack/react-router';
import { STAFF_ROLES } from '@app/contracts/staff-roles';
import { KeyIcon } from '@/components/ui/more-icons';
import { screen } from '../../lib/access';
import { MyAccount } from '../../features/auth/components/password-page';

export const Route = createFileRoute('/_app/password')({
  ...screen({ label: 'nav.password', icon: KeyIcon, roles: STAFF_ROLES, order: 160 }),
  component: MyAccount,
});
