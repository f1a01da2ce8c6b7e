import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementBody, AnnouncementsResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

const key = ['backoffice', 'announcements'] as const;
const base = '/v2/backoffice/announcements';

export const announcementsQueryOptions = () => queryOptions({ queryKey: key, queryFn: () => staffApi<AnnouncementsResponse>(base) });

/** Create (no id) or change (an id) an announcement; the list is read again. */
export function useSaveAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AnnouncementBody }) =>
      staffApi<Announcement>(id ? `${base}/${id}` : base, { method: id ? 'PUT' : 'POST', body: JSON.stringify(body) }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** End one shown now, or delete one. */
export function useAnnouncementAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'end' | 'delete' }): Promise<unknown> =>
      action === 'end'
        ? staffApi<Announcement>(`${base}/${id}/end`, { method: 'POST' })
        : staffApi<AnnouncementsResponse>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
