import { createFileRoute, redirect } from '@tanstack/react-router';
import type { StaffSessionResponse } from '@app/contracts';
import { StaffShell } from '../features/auth/components/staff-shell';
import { meQueryOptions } from '../features/auth/api/get-me';
import { ENROL_PATH } from '../lib/screens';

/**
 * Every signed-in screen sits under this pathless layout (routes/_app/): it reads /me first, and a
 * session that has not passed the second factor goes back to the code (or to enrolment); no session
 * goes to sign-in. A screen's file declares its place in the menu and its roles with `...screen({…})` (lib/access.ts).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => {
    let me: StaffSessionResponse;
    try {
      // fetchQuery, not ensureQueryData: after a sign-in step the cached answer is invalidated and must be read again
      me = await context.queryClient.fetchQuery(meQueryOptions);
    } catch {
      throw redirect({ to: '/login' });
    }
    if (me.secondFactor.state === 'ENROL') throw redirect({ to: ENROL_PATH });
    if (me.secondFactor.state === 'REQUIRED') throw redirect({ to: '/login' });
    return { me };
  },
  component: StaffShell,
});
