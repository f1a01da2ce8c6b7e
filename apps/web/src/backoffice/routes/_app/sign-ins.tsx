import { createFileRoute } from '@tanstack/react-router';
import { OWNER_ONLY } from '@app/contracts/staff-roles';
import { LoginIcon } from '@/components/ui/more-icons';
import { SignInsPage } from '../../features/sign-ins/components/sign-ins-page';
import { screen } from '../../lib/access';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner's staff sign-ins, after the staff users in the menu. */
export const Route = createFileRoute('/_app/sign-ins')({
  ...screen({ label: 'sign-ins:nav', icon: LoginIcon, roles: OWNER_ONLY, order: 145 }),
  // one staff member's sign-ins (a name clicked); anything else shows everyone's
  validateSearch: (input: Record<string, unknown>): { staffId?: string } =>
    typeof input.staffId === 'string' && UUID.test(input.staffId) ? { staffId: input.staffId } : {},
  component: SignInsPage,
});
