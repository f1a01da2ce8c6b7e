import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@app/contracts';
import { post } from '@/lib/api-client';
import { sessionEndingMutation } from '../lib/pause-fetching';

/** Success ends every session of the player (DESIGN.md §10), this one included. */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return post('/v2/players/security/password/change', body);
}

export function useChangePassword() {
  return useMutation({ ...sessionEndingMutation, mutationFn: changePassword });
}
