import type { QueryClient } from '@tanstack/react-query';
import { bankAccountsQueryOptions } from '@/lib/api/get-bank-accounts';
import { currenciesQueryOptions } from '@/lib/api/get-currencies';
import { promotionUsingQueryOptions } from '@/lib/api/get-promotion-using';
import { openWithdrawalQueryOptions } from './get-open-withdrawals';

/**
 * What the withdraw page's first render shows — the withdrawal in progress or the form, with the
 * player's bank account, the rate and the promotion in use over it — read by the route's loader, as
 * the deposit page's are (features/deposits/api/page-reads.ts, docs/decisions/076): the page renders
 * once, whole, and a promotion's card does not push the form down when its read comes in. The page's
 * HTML preloads the four answers (apps/web/vite.config.ts). A failure is not retried here: the page's
 * own query shows it, or asks again.
 */
export function loadWithdrawPageReads(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery({ ...openWithdrawalQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...promotionUsingQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...bankAccountsQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...currenciesQueryOptions(), retry: false }),
  ]);
}
