import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  KEYSET_MAX_LIMIT,
  type AuditPage,
  type CreatedStaffUser,
  type CreateStaffUserBody,
  type KeysetPage,
  type StaffRole,
  type StaffUser,
} from '@app/contracts';
import { staffApi, staffPost } from './api';

const STAFF_USERS = ['backoffice', 'staff-users'] as const;
const staffUsersPage = (limit: number, cursor: string | undefined) =>
  staffApi<KeysetPage<StaffUser>>(`/v2/backoffice/staff-users?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);

/** The staff users by username, 50 at a time by keyset (decision 058): "more" reads the next page. */
export const staffUsersQueryOptions = infiniteQueryOptions({
  queryKey: [...STAFF_USERS, 'pages'],
  queryFn: ({ pageParam }) => staffUsersPage(50, pageParam || undefined),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Every staff user, for the audit log's choice of whom (an agency has tens: one page of 200, rarely two). */
export const staffChoicesQueryOptions = queryOptions({
  queryKey: [...STAFF_USERS, 'all'],
  queryFn: async () => {
    const all: StaffUser[] = [];
    let cursor: string | undefined;
    do {
      const page = await staffUsersPage(KEYSET_MAX_LIMIT, cursor);
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  },
});

/** One change to a staff user, then the lists read again. */
function useStaffChange<V>(run: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: STAFF_USERS }) });
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
