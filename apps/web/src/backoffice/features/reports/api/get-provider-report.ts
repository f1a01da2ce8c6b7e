import { queryOptions } from '@tanstack/react-query';
import type { ProviderReportResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

export const getProviderReport = (from: string, to: string) =>
  staffApi<ProviderReportResponse>(`/v2/backoffice/reports/providers?${new URLSearchParams({ from, to })}`);

/** Per game provider over the range, with the agency's total (decision 182). */
export const providerReportQueryOptions = (from: string, to: string) =>
  queryOptions({ queryKey: ['backoffice', 'reports', 'providers', from, to], queryFn: () => getProviderReport(from, to) });
