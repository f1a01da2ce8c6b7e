import type { QueryClient } from '@tanstack/react-query';
import { currenciesQueryOptions } from '@/lib/api/get-currencies';
import { promotionUsingQueryOptions } from '@/lib/api/get-promotion-using';
import { openDepositQueryOptions } from './get-open-deposit';

/**
 * What the deposit page's first render shows — the open order or the form, the promotion notice over
 * it, the form's currencies — read by the route's loader, so that the page renders once, whole,
 * instead of a spinner first (docs/decisions/076). The page's HTML preloads the three answers
 * (apps/web/vite.config.ts), so they are usually on their way already. A failure is not retried here
 * (no retry delay before the page shows): the page's own query shows it, or asks again.
 */
export function loadDepositPageReads(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery({ ...openDepositQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...promotionUsingQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...currenciesQueryOptions(), retry: false }),
  ]);
}
