import { useQueryClient } from '@tanstack/react-query';
import type { StaffSessionResponse } from '@app/contracts';
import { meQueryOptions } from './get-me';

/** After any sign-in step the session is a new one: what /me says is read again. */
export function useSessionChanged() {
  const client = useQueryClient();
  return (me?: StaffSessionResponse) => {
    if (me) client.setQueryData(meQueryOptions.queryKey, me);
    else void client.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  };
}
