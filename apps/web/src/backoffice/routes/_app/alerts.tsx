import { createFileRoute } from '@tanstack/react-router';
import { OWNER_ONLY } from '@app/contracts/staff-roles';
import { ChatIcon } from '@/components/ui/icons';
import { AlertsPage } from '../../features/alerts/components/alerts-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/alerts')({
  ...screen({ label: 'nav.alerts', icon: ChatIcon, roles: OWNER_ONLY, order: 130 }),
  component: AlertsPage,
});
