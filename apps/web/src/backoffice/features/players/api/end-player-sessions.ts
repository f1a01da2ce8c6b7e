import { staffPost } from '@/backoffice/lib/api';
import { usePlayerAction } from './player-action';

/** One session of the player's, or all of them without `sessionId`. */
export const endPlayerSessions = (id: string, sessionId?: string) =>
  staffPost<{ ok: true }>(`/v2/backoffice/players/${id}/sessions/end`, sessionId ? { sessionId } : {});

export const useEndSessions = (id: string) => usePlayerAction(id, (sessionId?: string) => endPlayerSessions(id, sessionId));
