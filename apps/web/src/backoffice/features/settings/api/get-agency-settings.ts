import { queryOptions } from '@tanstack/react-query';
import type { AgencySettingsResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { settingsKeys } from './keys';

export const getAgencySettings = () => staffApi<AgencySettingsResponse>('/v2/backoffice/agency/settings');

/** The agency's bounds, social links and per-bank LAO QR merchant settings (owner; decision 056). */
export const agencySettingsQueryOptions = () => queryOptions({ queryKey: settingsKeys.all, queryFn: getAgencySettings });
