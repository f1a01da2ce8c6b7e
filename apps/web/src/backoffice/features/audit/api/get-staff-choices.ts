import { queryOptions } from '@tanstack/react-query';
import { KEYSET_MAX_LIMIT, type KeysetPage, type StaffUser } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

const page = (cursor: string | undefined) =>
  staffApi<KeysetPage<StaffUser>>(
    `/v2/backoffice/staff-users?limit=${KEYSET_MAX_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

export async function getStaffChoices(): Promise<StaffUser[]> {
  const all: StaffUser[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    all.push(...next.items);
    cursor = next.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/**
 * Every staff user, for the audit log's choice of whom (an agency has tens: one page of 200, rarely two).
 * Under the staff users' key: a change to one reads this again too.
 */
export const staffChoicesQueryOptions = queryOptions({ queryKey: ['backoffice', 'staff-users', 'all'], queryFn: getStaffChoices });
