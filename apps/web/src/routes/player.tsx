import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { loadPlayer } from '@/lib/api/player-info';
import { FingerprintReporter } from '@/features/auth/components/fingerprint-reporter';
import { loadAllNamespaces } from '@/lib/i18n';

/** The player area: a visitor is sent to /login (SPEC.md §2). */
export const Route = createFileRoute('/player')({
  beforeLoad: async ({ context }) => {
    if (!context.agency) return;
    // the player pages' translations (deposit, wallet, withdraw) are not in the first bundle
    const [info] = await Promise.all([loadPlayer(context.queryClient), loadAllNamespaces()]);
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
