import { createFileRoute } from '@tanstack/react-router';
import { GamePage } from '@/features/games/components/game-page';
import { gamePageRoute } from '@/features/games/game-pages';
import { CreditCard } from '@/features/wallet/components/credit-card';

/** SPEC.md §2: linked with tab=Slot; its catalogue never goes stale (the credit is asked each time). */
export const Route = createFileRoute('/player/game/askmebet')({
  ...gamePageRoute('askmebet'),
  component: () => <GamePage provider="askmebet" credit={<CreditCard provider="askmebet" />} />,
});
