import { createRoute } from '@tanstack/react-router';
import { QueuePage } from '../money/queue-page';
import { appRoute } from './_app';

/** The withdrawal queue: every role reads it, owner and finance decide (decision 054). */
export const withdrawalsRoute = createRoute({ getParentRoute: () => appRoute, path: '/withdrawals', component: QueuePage });
