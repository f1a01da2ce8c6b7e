import type { ReactNode } from 'react';
import { Link, Navigate } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useMediaQuery, WIDE } from '@/lib/use-media-query';
import { buttonClass } from './button';
import { HistoryPager, type HistoryRoute } from './history-pager';
import { OrderCards } from './order-cards';
import { Spinner } from './spinner';
import { TBody, THead, Table, Td, Th, Tr } from './table';
import { errorKey } from './toast-store';

export interface OrderHistoryRow {
  id: string;
  transactionCode: string;
  createdAt: string;
  providerId: string;
}

/** How one order of a history is shown: its amount, its status badge, a line under it (a rejection's reason), its details. */
export interface OrderView<T> {
  amount: (row: T) => { value: string; currency: 'LAK' | 'THB' | 'USD' };
  status: (row: T) => ReactNode;
  note?: (row: T) => ReactNode;
  details?: (row: T) => [string, ReactNode][];
}

interface OrderHistoryProps<T extends OrderHistoryRow> {
  /** translation namespace holding history.* (deposit, withdraw) */
  ns: string;
  /** the history route, for the pager links */
  to: Exclude<HistoryRoute, '/player/promotion/history'>;
  /** the next step offered when there is nothing yet */
  start: '/player/deposit' | '/player/withdraw';
  testId: string;
  rowTestId: string;
  list: UseQueryResult<{ items: T[]; total: number }>;
  page: number;
  pageSize: number;
  view: OrderView<T>;
}

/**
 * The paged orders of the deposit and withdraw histories: SPEC.md §3's columns (transaction code,
 * date/time, game provider, amount, status) as a table on wide screens and cards on phones; loading,
 * error and empty states (with the next step), and a pager that never shows a page past the last.
 */
export function OrderHistory<T extends OrderHistoryRow>({
  ns,
  to,
  start,
  testId,
  rowTestId,
  list,
  page,
  pageSize,
  view,
}: OrderHistoryProps<T>) {
  const { t } = useTranslation([ns, 'wallet', 'errors']);
  const wide = useMediaQuery(WIDE);
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
  else if (!wide) body = <OrderCards ns={ns} rowTestId={rowTestId} items={list.data.items} view={view} />;
  else
    body = (
      <Table aria-label={t('history.caption')}>
        <THead>
          <tr>
            <Th>{t('history.code')}</Th>
            <Th>{t('history.date')}</Th>
            <Th>{t('history.provider')}</Th>
            <Th className="text-right">{t('history.amount')}</Th>
            <Th>{t('history.status')}</Th>
          </tr>
        </THead>
        <TBody>
          {list.data.items.map((o) => {
            const a = view.amount(o);
            return (
              <Tr key={o.id} data-testid={rowTestId} data-code={o.transactionCode}>
                <Td className="font-mono">{o.transactionCode}</Td>
                <Td>{formatDateTime(o.createdAt)}</Td>
                <Td>{t(`wallet:providers.${o.providerId}`)}</Td>
                <Td className="text-right">{formatMoney(a.value, a.currency)}</Td>
                <Td className="whitespace-normal">
                  {view.status(o)}
                  {view.note?.(o)}
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    );

  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      {body}
      <HistoryPager ns={ns} to={to} page={page} pageSize={pageSize} pages={pages} />
    </div>
  );
}
