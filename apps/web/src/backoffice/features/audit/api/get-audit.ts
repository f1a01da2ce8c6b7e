import { queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

export interface AuditFilter {
  staffId?: string;
  action?: string;
  from?: string;
  to?: string;
}

export function getAudit(filter: AuditFilter, cursor: string | undefined) {
  const params = new URLSearchParams({ limit: '50' });
  for (const [k, v] of Object.entries({ ...filter, cursor })) if (v) params.set(k, v);
  return staffApi<AuditPage>(`/v2/backoffice/audit?${params.toString()}`);
}

export const auditQueryOptions = (filter: AuditFilter, cursor: string | undefined) =>
  queryOptions({ queryKey: ['backoffice', 'audit', filter, cursor ?? null], queryFn: () => getAudit(filter, cursor) });
