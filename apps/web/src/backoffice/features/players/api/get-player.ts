import { queryOptions } from '@tanstack/react-query';
import type { PlayerDetailResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { playerKeys } from './keys';

export const getPlayer = (id: string) => staffApi<PlayerDetailResponse>(`/v2/backoffice/players/${id}`);

export const playerDetailQueryOptions = (id: string) => queryOptions({ queryKey: playerKeys.player(id), queryFn: () => getPlayer(id) });
