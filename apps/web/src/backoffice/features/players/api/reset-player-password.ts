import { staffPost } from '@/backoffice/lib/api';
import { usePlayerAction } from './player-action';

export const resetPlayerPassword = (id: string) => staffPost<{ temporaryPassword: string }>(`/v2/backoffice/players/${id}/reset-password`);

export const useResetPassword = (id: string) => usePlayerAction(id, () => resetPlayerPassword(id));
