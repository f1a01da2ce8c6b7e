import { useQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { loadPlayer, playerInfoQueryOptions } from '@/lib/api/player-info';
import { FingerprintReporter } from '@/features/auth/components/fingerprint-reporter';
import { ForcedPasswordChange } from '@/features/auth/components/forced-password-change';
import { loadAllNamespaces } from '@/lib/i18n';

/** The player area: a visitor is sent to /login (SPEC.md §2). */
export const Route = createFileRoute('/player')({
  beforeLoad: async ({ context, location }) => {
    if (!context.agency) return;
    // the player pages' translations (deposit, wallet, withdraw) are not in the first bundle
    const [info] = await Promise.all([loadPlayer(context.queryClient), loadAllNamespaces()]);
    // back to the page asked for once logged in (checked again on the login page: safeRedirect)
    if (!info) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { player: info.player };
  },
  component: PlayerLayout,
});

function PlayerLayout() {
  const info = useQuery(playerInfoQueryOptions());
  return (
    <>
      <FingerprintReporter />
      {/* a password staff reset must be replaced first: the server refuses the pages' calls until then */}
      {info.data?.credential?.mustChangePassword ? <ForcedPasswordChange /> : <Outlet />}
    </>
  );
}
