import { useMutation } from '@tanstack/react-query';
import type { StaffLoginBody, StaffSessionResponse } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { useSessionChanged } from './session-changed';

export const staffLogin = (body: StaffLoginBody) => staffPost<StaffSessionResponse>('/v2/backoffice/login', body);

export const useStaffLogin = () => {
  const changed = useSessionChanged();
  return useMutation({ mutationFn: staffLogin, onSuccess: (me) => changed(me) });
};
