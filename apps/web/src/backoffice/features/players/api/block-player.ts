import { staffPost } from '@/backoffice/lib/api';
import { usePlayerAction } from './player-action';

export const blockPlayer = (id: string, b: { blocked: boolean; reason: string }) =>
  staffPost<{ ok: true }>(`/v2/backoffice/players/${id}/${b.blocked ? 'block' : 'unblock'}`, { reason: b.reason });

export const useBlockPlayer = (id: string) => usePlayerAction(id, (b: { blocked: boolean; reason: string }) => blockPlayer(id, b));
