import { queryOptions } from '@tanstack/react-query';
import type { RejectReasonsResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

export const rejectReasonsKey = ['backoffice', 'agency', 'reject-reasons'] as const;

export const getRejectReasons = () => staffApi<RejectReasonsResponse>('/v2/backoffice/agency/reject-reasons');

/** The agency's preset reject reasons (the defaults until the owner saves a list; decision 178): the settings screen edits them, the reject dialog offers them. */
export const rejectReasonsQueryOptions = () => queryOptions({ queryKey: rejectReasonsKey, queryFn: getRejectReasons, staleTime: 60_000 });
