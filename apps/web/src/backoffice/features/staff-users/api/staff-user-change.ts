import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffUserKeys } from './keys';

/** One change to a staff user, then the lists read again. */
export function useStaffUserChange<R, V>(run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: staffUserKeys.all }) });
}
