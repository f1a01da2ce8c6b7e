import { createFileRoute } from '@tanstack/react-router';
import { OWNER_ONLY } from '@app/contracts/staff-roles';
import { HistoryIcon } from '@/components/ui/more-icons';
import { AuditLog } from '../../features/audit/components/audit-page';
import { screen } from '../../lib/access';

export const Route = createFileRoute('/_app/audit')({
  ...screen({ label: 'nav.audit', icon: HistoryIcon, roles: OWNER_ONLY, order: 150 }),
  component: AuditLog,
});
