import { createFileRoute } from '@tanstack/react-router';
import { MONEY_ROLES } from '@app/contracts/staff-roles';
import { ChatIcon } from '@/components/ui/icons';
import { AnnouncementsPage } from '../../features/announcements/components/announcements-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/announcements')({
  ...screen({ label: 'nav.announcements', icon: ChatIcon, roles: MONEY_ROLES, order: 90 }),
  component: AnnouncementsPage,
});
