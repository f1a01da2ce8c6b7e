import { useQuery } from '@tanstack/react-query';
import type { PlayTodayResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

export const playTodayKey = ['players', 'play-today'] as const;

/** Since the day's first game launch and the net result of play today (decision 113): the reminder's figures. */
export const usePlayToday = () =>
  useQuery({ queryKey: playTodayKey, queryFn: () => api<PlayTodayResponse>('/v2/players/play-today'), staleTime: 0 });
