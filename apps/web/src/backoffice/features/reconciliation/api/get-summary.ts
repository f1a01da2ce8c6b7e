import { queryOptions } from '@tanstack/react-query';
import type { ReconciliationSummary } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { RECONCILIATION_REFRESH_MS, reconciliationKeys } from './keys';

export const getReconciliationSummary = () => staffApi<ReconciliationSummary>('/v2/backoffice/reconciliation/summary');

/** Each bank's newest run and the open differences by kind. */
export const reconciliationSummaryQueryOptions = queryOptions({
  queryKey: [...reconciliationKeys.all, 'summary'],
  queryFn: getReconciliationSummary,
  refetchInterval: RECONCILIATION_REFRESH_MS,
});
