import { queryOptions } from '@tanstack/react-query';
import type { AttentionSummary } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { ATTENTION_REFRESH_MS, attentionKeys } from './keys';

export const getAttentionSummary = () => staffApi<AttentionSummary>('/v2/backoffice/deposits/attention/summary');

/** Each kind's count and oldest item: the tabs' counts. */
export const attentionSummaryQueryOptions = queryOptions({
  queryKey: [...attentionKeys.all, 'summary'],
  queryFn: getAttentionSummary,
  refetchInterval: ATTENTION_REFRESH_MS,
});
