import { createFileRoute } from '@tanstack/react-router';
import { PlayerPage } from '../../../features/players/components/player-page';

export const Route = createFileRoute('/_app/players/$playerId')({ component: PlayerPage });
