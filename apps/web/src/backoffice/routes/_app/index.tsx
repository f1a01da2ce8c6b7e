import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { onlyFor } from '../../lib/access';

/** The dashboard: owner's and finance's home (support goes to the players). */
export const Route = createFileRoute('/_app/')({ beforeLoad: onlyFor('/'), component: DashboardPage });
