import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../features/reports/components/reports-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/reports')({ beforeLoad: onlyFor('/reports'), component: ReportsPage });
