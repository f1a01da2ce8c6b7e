import type { CreateStaffUserBody, CreatedStaffUser } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { useStaffUserChange } from './staff-user-change';

export const createStaffUser = (body: CreateStaffUserBody) => staffPost<CreatedStaffUser>('/v2/backoffice/staff-users', body);

export const useCreateStaff = () => useStaffUserChange(createStaffUser);
