import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditPage, CreatedStaffUser, CreateStaffUserBody, StaffRole, StaffUser } from '@app/contracts';
import { staffApi, staffPost } from './api';

export const staffUsersQueryOptions = queryOptions({
  queryKey: ['backoffice', 'staff-users'],
  queryFn: () => staffApi<{ items: StaffUser[] }>('/v2/backoffice/staff-users'),
});

/** One change to a staff user, then the list read again. */
function useStaffChange<V>(run: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: staffUsersQueryOptions.queryKey }) });
}

export const useCreateStaff = () =>
  useStaffChange((body: CreateStaffUserBody) => staffPost<CreatedStaffUser>('/v2/backoffice/staff-users', body)) as ReturnType<
    typeof useMutation<CreatedStaffUser, Error, CreateStaffUserBody>
  >;
export const useSetRole = () =>
  useStaffChange(({ id, role }: { id: string; role: StaffRole }) =>
    staffApi(`/v2/backoffice/staff-users/${id}/role`, { method: 'PUT', body: JSON.stringify({ role }) }),
  );
export const useStaffAction = () =>
  useStaffChange(({ id, action }: { id: string; action: 'disable' | 'enable' | 'reset-second-factor' }) =>
    staffPost(`/v2/backoffice/staff-users/${id}/${action}`),
  );

export interface AuditFilter {
  staffId?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const auditQueryOptions = (filter: AuditFilter, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['backoffice', 'audit', filter, cursor ?? null],
    queryFn: () => {
      const params = new URLSearchParams({ limit: '50' });
      for (const [k, v] of Object.entries({ ...filter, cursor })) if (v) params.set(k, v);
      return staffApi<AuditPage>(`/v2/backoffice/audit?${params.toString()}`);
    },
  });
