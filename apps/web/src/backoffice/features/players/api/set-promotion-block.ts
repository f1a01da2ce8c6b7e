import { staffApi } from '@/backoffice/lib/api';
import { usePlayerAction } from './player-action';

export const setPromotionBlock = (id: string, blocked: boolean) =>
  staffApi<{ ok: true }>(`/v2/backoffice/players/${id}/promotion-block`, { method: 'PUT', body: JSON.stringify({ blocked }) });

export const usePromotionBlock = (id: string) => usePlayerAction(id, (blocked: boolean) => setPromotionBlock(id, blocked));
