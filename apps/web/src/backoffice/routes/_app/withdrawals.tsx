import { createFileRoute } from '@tanstack/react-router';
import { QueuePage } from '../../features/withdrawals/components/queue-page';
import { onlyFor } from '../../lib/access';

/** The withdrawal queue (DESIGN.md §9): finance and the owner decide the open withdrawals, oldest first. */
export const Route = createFileRoute('/_app/withdrawals')({ beforeLoad: onlyFor('/withdrawals'), component: QueuePage });
