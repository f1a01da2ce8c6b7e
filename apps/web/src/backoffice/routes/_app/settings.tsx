import { createFileRoute } from '@tanstack/react-router';
import { OWNER_ONLY } from '@app/contracts/staff-roles';
import { SlidersIcon } from '@/components/ui/more-icons';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/settings')({
  ...screen({ label: 'nav.settings', icon: SlidersIcon, roles: OWNER_ONLY, order: 120 }),
  component: SettingsPage,
});
