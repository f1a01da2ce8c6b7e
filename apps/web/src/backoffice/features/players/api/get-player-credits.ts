import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { playerCreditsResponseSchema } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { playerKeys } from './keys';

export const getPlayerCredits = (id: string) =>
  staffApi<z.infer<typeof playerCreditsResponseSchema>>(`/v2/backoffice/players/${id}/credits`);

/** live at every provider: never fresh */
export const playerCreditsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...playerKeys.player(id), 'credits'], queryFn: () => getPlayerCredits(id), staleTime: 0 });
