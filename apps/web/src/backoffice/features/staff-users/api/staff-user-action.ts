import type { InvitationLink, StaffUser } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { useStaffUserChange } from './staff-user-change';

/** `reset-second-factor` and `invitation` answer a new invitation link (decision 110). */
export type StaffUserAction = 'disable' | 'enable' | 'reset-second-factor' | 'invitation';

export const staffUserAction = ({ id, action }: { id: string; action: StaffUserAction }) =>
  staffPost<{ user: StaffUser; invitation?: InvitationLink }>(`/v2/backoffice/staff-users/${id}/${action}`);

export const useStaffAction = () => useStaffUserChange(staffUserAction);
