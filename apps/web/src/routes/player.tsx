import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { loadPlayer } from '@/features/auth/api/player-info';
import { FingerprintReporter } from '@/features/auth/components/fingerprint-reporter';

/** The player area: a visitor is sent to /login (SPEC.md §2). */
export const Route = createFileRoute('/player')({
  beforeLoad: async ({ context }) => {
    if (!context.agency) return;
    const info = await loadPlayer(context.queryClient);
    if (!info) throw redirect({ to: '/login' });
    return { player: info.player };
  },
  component: PlayerLayout,
});

function PlayerLayout() {
  return (
    <>
      <FingerprintReporter />
      <Outlet />
    </>
  );
}
