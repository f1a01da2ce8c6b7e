import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { loadPlayer } from '@/lib/api/player-info';

/** Public pages: a logged-in player is sent to /player (SPEC.md §2). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: async ({ context }) => {
    if (!context.agency) return;
    if (await loadPlayer(context.queryClient)) throw redirect({ to: '/player' });
  },
  component: Outlet,
});
