import type { CreateStaffUserBody, InvitedStaffUser } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { useStaffUserChange } from './staff-user-change';

/** A new staff user and the invitation link they set their password and second step through (decision 110). */
export const createStaffUser = (body: CreateStaffUserBody) => staffPost<InvitedStaffUser>('/v2/backoffice/staff-users', body);

export const useCreateStaff = () => useStaffUserChange(createStaffUser);
