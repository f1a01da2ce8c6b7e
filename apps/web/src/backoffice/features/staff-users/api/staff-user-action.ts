import { staffPost } from '@/backoffice/lib/api';
import { useStaffUserChange } from './staff-user-change';

export type StaffUserAction = 'disable' | 'enable' | 'reset-second-factor';

export const staffUserAction = ({ id, action }: { id: string; action: StaffUserAction }) =>
  staffPost<unknown>(`/v2/backoffice/staff-users/${id}/${action}`);

export const useStaffAction = () => useStaffUserChange(staffUserAction);
