import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FINGERPRINT_HEADER, type RegisterBody } from '@app/contracts';
import { post } from '@/lib/api-client';
import { afterLogin } from './login';

/** SPEC.md §3: the fingerprint travels in the body and in a request header. */
export function register(body: RegisterBody): Promise<unknown> {
  return post('/v2/players/register', body, { headers: { [FINGERPRINT_HEADER]: body.fingerprint } });
}

/** A successful registration logs the player in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => afterLogin(queryClient),
  });
}
