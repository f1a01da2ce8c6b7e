import type { ReactNode } from 'react';
import { Link, Navigate } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';
import { HistoryPager, type HistoryRoute } from './history-pager';
import { Spinner } from './spinner';
import { errorKey } from './toast-store';

interface PagedHistoryProps<T> {
  /** translation namespace holding history.* (deposit, withdraw, promotion) */
  ns: string;
  /** the history route, for the pager links */
  to: HistoryRoute;
  /** the next step offered when there is nothing yet */
  start: '/player/deposit' | '/player/withdraw' | '/player/promotion';
  testId: string;
  list: UseQueryResult<{ items: T[]; total: number }>;
  page: number;
  pageSize: number;
  /** the page's rows, once there are some */
  children: (items: T[]) => ReactNode;
}

/**
 * What every paged history of the player shares: loading, error and empty states (with the next
 * step), its rows, and a pager that never shows a page past the last.
 */
export function PagedHistory<T>({ ns, to, start, testId, list, page, pageSize, children }: PagedHistoryProps<T>) {
  const { t } = useTranslation([ns, 'errors']);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  // ?page=99 of one page: the last page instead of "page 99 / 1" and an empty list
  if (list.isSuccess && !list.isPlaceholderData && page > pages) return <Navigate to={to} search={{ page: pages, pageSize }} replace />;

  let body: ReactNode;
  if (list.isPending) body = <Spinner className="mx-auto my-8 h-6 w-6" />;
  else if (list.isError)
    body = (
      <p role="alert" className="py-8 text-center text-red-300">
        {t(errorKey(list.error))}
      </p>
    );
  else if (list.data.items.length === 0)
    body = (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-slate-800 px-4 py-8 text-center"
        data-testid="history-empty"
      >
        <p className="text-slate-400">{t('history.empty')}</p>
        <Link to={start} className={buttonClass('primary', 'md')}>
          {t('history.start')}
        </Link>
      </div>
    );
  else body = children(list.data.items);

  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      {body}
      <HistoryPager ns={ns} to={to} page={page} pageSize={pageSize} pages={pages} />
    </div>
  );
}
