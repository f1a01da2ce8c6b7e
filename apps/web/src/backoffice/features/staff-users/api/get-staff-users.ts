import { infiniteQueryOptions } from '@tanstack/react-query';
import type { KeysetPage, StaffUser } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { staffUserKeys } from './keys';

export const getStaffUsers = (limit: number, cursor: string | undefined) =>
  staffApi<KeysetPage<StaffUser>>(`/v2/backoffice/staff-users?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);

/** The staff users by username, 50 at a time by keyset (decision 058): "more" reads the next page. */
export const staffUsersQueryOptions = infiniteQueryOptions({
  queryKey: staffUserKeys.pages,
  queryFn: ({ pageParam }) => getStaffUsers(50, pageParam || undefined),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});
