import { createRoute } from '@tanstack/react-router';
import { QueuePage } from '../money/queue-page';
import { rootRoute } from './__root';

/** The withdrawal queue: every role reads it, owner and finance decide (decision 054). */
export const withdrawalsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/withdrawals', component: QueuePage });
