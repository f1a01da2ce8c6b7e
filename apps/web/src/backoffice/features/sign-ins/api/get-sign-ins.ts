import { queryOptions } from '@tanstack/react-query';
import type { StaffSignInsPage } from '@app/contracts/staff-sign-ins';
import { staffApi } from '@/backoffice/lib/api';

/** One page of the agency's staff sign-ins, newest first; `staffId`: one staff member's only. */
export function getSignIns(staffId: string | undefined, cursor: string | undefined) {
  const params = new URLSearchParams({ limit: '20' });
  if (staffId) params.set('staffId', staffId);
  if (cursor) params.set('cursor', cursor);
  return staffApi<StaffSignInsPage>(`/v2/backoffice/staff/sign-ins?${params.toString()}`);
}

export const signInsQueryOptions = (staffId: string | undefined, cursor: string | undefined) =>
  queryOptions({ queryKey: ['backoffice', 'sign-ins', staffId ?? null, cursor ?? null], queryFn: () => getSignIns(staffId, cursor) });
