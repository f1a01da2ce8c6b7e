import type { StaffRole } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { useStaffUserChange } from './staff-user-change';

export const setStaffRole = ({ id, role }: { id: string; role: StaffRole }) =>
  staffApi<unknown>(`/v2/backoffice/staff-users/${id}/role`, { method: 'PUT', body: JSON.stringify({ role }) });

export const useSetRole = () => useStaffUserChange(setStaffRole);
