import { queryOptions } from '@tanstack/react-query';
import type { StaffSessionResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

export const getMe = () => staffApi<StaffSessionResponse>('/v2/backoffice/me');

/** This staff member, role and second factor (GET /v2/backoffice/me); 401 when signed out. */
export const meQueryOptions = queryOptions({ queryKey: ['backoffice', 'me'], queryFn: getMe, staleTime: 60_000 });
