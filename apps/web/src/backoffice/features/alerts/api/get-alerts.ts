import { queryOptions } from '@tanstack/react-query';
import type { AlertSettingsResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { alertsKeys } from './keys';

export const getAlerts = () => staffApi<AlertSettingsResponse>('/v2/backoffice/alerts');

/** Where staff alerts go and on what (owner; decision 112): whether each token is set, never the token. */
export const alertsQueryOptions = () => queryOptions({ queryKey: alertsKeys.all, queryFn: getAlerts });
