import { createFileRoute } from '@tanstack/react-router';
import { ExportsPage } from '../../features/exports/components/exports-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/exports')({ beforeLoad: onlyFor('/exports'), component: ExportsPage });
