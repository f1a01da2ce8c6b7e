import { createRoute } from '@tanstack/react-router';
import { QueuePage } from '../money/queue-page';
import { appRoute, onlyFor } from './_app';

/** The withdrawal queue: owner and finance read and decide it (decision 054); the server refuses support. */
export const withdrawalsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/withdrawals',
  beforeLoad: onlyFor('/withdrawals'),
  component: QueuePage,
});
