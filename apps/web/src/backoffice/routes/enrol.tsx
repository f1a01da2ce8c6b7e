import { createFileRoute, redirect } from '@tanstack/react-router';
import { meQueryOptions } from '../features/auth/api/get-me';
import { Enrol } from '../features/auth/components/enrol-page';

/**
 * Only for a session not yet enrolled: an enrolled one goes on (to its home, or to the code), so the
 * recovery codes are shown once and enrolment never starts over without an owner's reset.
 */
export const Route = createFileRoute('/enrol')({
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.fetchQuery(meQueryOptions).catch(() => {
      throw redirect({ to: '/login' });
    });
    if (me.secondFactor.enrolled) throw redirect({ to: me.secondFactor.state === 'PASSED' ? '/' : '/login' });
  },
  component: Enrol,
});
