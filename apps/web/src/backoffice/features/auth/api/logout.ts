import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffPost } from '@/backoffice/lib/api';

export const staffLogout = () => staffPost<{ ok: true }>('/v2/backoffice/logout');

/** Signs out; every cached answer goes with the session. */
export const useStaffLogout = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: staffLogout, onSettled: () => client.clear() });
};
