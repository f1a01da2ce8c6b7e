import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RejectReasonsBody, RejectReasonsResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { rejectReasonsKey } from '@/backoffice/lib/reject-reasons';

export const updateRejectReasons = (body: RejectReasonsBody) =>
  staffApi<RejectReasonsResponse>('/v2/backoffice/agency/reject-reasons', { method: 'PUT', body: JSON.stringify(body) });

/** The owner's list replaces the agency's; the reject dialog reads it again. */
export function useUpdateRejectReasons() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRejectReasons,
    onSuccess: (data) => client.setQueryData(rejectReasonsKey, data),
  });
}
