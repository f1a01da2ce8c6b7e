import { useQuery } from '@tanstack/react-query';
import type { AnnouncementsResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

/** how often an open page asks again: the server's answer is cached a minute (decision 174) */
const EVERY_MS = 60_000;

/** The agency's announcements shown now (decision 174): read by the banner, with or without a session. */
export const useAnnouncements = () =>
  useQuery({
    queryKey: ['announcements'],
    queryFn: () => api<AnnouncementsResponse>('/v2/announcements'),
    staleTime: EVERY_MS,
    refetchInterval: EVERY_MS,
  });
