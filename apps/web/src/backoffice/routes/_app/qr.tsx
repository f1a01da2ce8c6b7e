import { createFileRoute } from '@tanstack/react-router';
import { STAFF_ROLES } from '@app/contracts/staff-roles';
import { SearchIcon } from '@/components/ui/more-icons';
import { QrInspectPage } from '../../features/qr/components/qr-inspect-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/qr')({
  ...screen({ label: 'nav.qr', icon: SearchIcon, roles: STAFF_ROLES, order: 110 }),
  component: QrInspectPage,
});
