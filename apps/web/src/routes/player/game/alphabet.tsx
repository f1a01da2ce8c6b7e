import { createFileRoute } from '@tanstack/react-router';
import { GamePage } from '@/features/games/components/game-page';
import { gamePageRoute } from '@/features/games/game-pages';
import { CreditCard } from '@/features/wallet/components/credit-card';

/** A game page (SPEC.md §2); `?tab=` picks the catalogue tab. */
export const Route = createFileRoute('/player/game/alphabet')({
  ...gamePageRoute('alphabet'),
  component: () => <GamePage provider="alphabet" credit={<CreditCard provider="alphabet" />} />,
});
