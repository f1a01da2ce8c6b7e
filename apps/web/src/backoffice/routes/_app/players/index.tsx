import { createFileRoute } from '@tanstack/react-router';
import { PlayersPage } from '../../../features/players/components/players-page';
import { validatePlayersSearch } from '../../../features/players/lib/players-search';

export const Route = createFileRoute('/_app/players/')({ validateSearch: validatePlayersSearch, component: PlayersPage });
