import { createFileRoute } from '@tanstack/react-router';
import { GamePage } from '@/features/games/components/game-page';
import { gamePageRoute } from '@/features/games/game-pages';
import { CreditCard } from '@/features/wallet/components/credit-card';

/** SPEC.md §2: linked from the drawer with tab=pp.txt. */
export const Route = createFileRoute('/player/game/betflix')({
  ...gamePageRoute('betflix'),
  component: () => <GamePage provider="betflix" credit={<CreditCard provider="betflix" />} />,
});
