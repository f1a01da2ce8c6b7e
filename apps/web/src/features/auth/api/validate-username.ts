import type { z } from 'zod';
import type { validateUsernameResponseSchema } from '@app/contracts';
import { post } from '@/lib/api-client';

export type UsernameCheck = z.infer<typeof validateUsernameResponseSchema>;

export function validateUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  return post<UsernameCheck>('/v2/players/username/validate', { username }, { signal });
}
