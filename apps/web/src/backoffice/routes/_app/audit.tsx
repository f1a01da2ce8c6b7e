import { createFileRoute } from '@tanstack/react-router';
import { AuditLog } from '../../features/audit/components/audit-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/audit')({ beforeLoad: onlyFor('/audit'), component: AuditLog });
