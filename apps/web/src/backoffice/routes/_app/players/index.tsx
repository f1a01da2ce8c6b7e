import { createFileRoute } from '@tanstack/react-router';
import { STAFF_ROLES } from '@app/contracts/staff-roles';
import { UserIcon } from '@/components/ui/icons';
import { screen } from '../../../lib/access';
import { PlayersPage } from '../../../features/players/components/players-page';
import { validatePlayersSearch } from '../../../features/players/lib/players-search';

export const Route = createFileRoute('/_app/players/')({
  ...screen({ label: 'nav.players', icon: UserIcon, roles: STAFF_ROLES, order: 50 }),
  validateSearch: validatePlayersSearch,
  component: PlayersPage,
});
