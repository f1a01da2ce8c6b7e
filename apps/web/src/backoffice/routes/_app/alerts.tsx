import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../features/alerts/components/alerts-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/alerts')({ beforeLoad: onlyFor('/alerts'), component: AlertsPage });
