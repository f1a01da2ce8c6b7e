import { staffPost } from '@/backoffice/lib/api';
import { usePlayerAction } from './player-action';

/** The player's failed logins forgotten: locked out by their own typing, they may try again at once. */
export const liftLoginLock = (id: string) => staffPost<{ ok: true }>(`/v2/backoffice/players/${id}/login-lock/lift`);

export const useLiftLoginLock = (id: string) => usePlayerAction(id, () => liftLoginLock(id));
