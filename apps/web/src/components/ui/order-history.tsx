import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useMediaQuery, WIDE } from '@/lib/use-media-query';
import type { HistoryRoute } from './history-pager';
import { OrderCards, type OrderHistoryRow, type OrderView } from './order-cards';
import { PagedHistory } from './paged-history';
import { TBody, THead, Table, Td, Th } from './table';

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
 * date/time, game provider, amount, status) as a table on wide screens and cards on phones, inside
 * the states and pager every history shares (PagedHistory). Each order's details open under its
 * row from a button, or inside its card.
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
  const { t } = useTranslation([ns, 'wallet']);
  const wide = useMediaQuery(WIDE);
  // the order whose details are open under its row (wide screens; a phone's cards open their own)
  const [open, setOpen] = useState<string>();
  return (
    <PagedHistory ns={ns} to={to} start={start} testId={testId} list={list} page={page} pageSize={pageSize}>
      {(items) =>
        !wide ? (
          <OrderCards ns={ns} rowTestId={rowTestId} items={items} view={view} />
        ) : (
          <Table aria-label={t('history.caption')}>
            <THead>
              <tr>
                <Th>{t('history.code')}</Th>
                <Th>{t('history.date')}</Th>
                <Th>{t('history.provider')}</Th>
                <Th className="text-right">{t('history.amount')}</Th>
                <Th>{t('history.status')}</Th>
                <Th>
                  <span className="sr-only">{t('history.details')}</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {items.map((o, i) => {
                const a = view.amount(o);
                // the stripes counted in orders, a details row being part of its order's
                const stripe = i % 2 ? undefined : 'bg-slate-900/60';
                const shown = open === o.id;
                return (
                  <Fragment key={o.id}>
                    <tr data-testid={rowTestId} data-code={o.transactionCode} className={stripe}>
                      <Td className="font-mono">{o.transactionCode}</Td>
                      <Td>{formatDateTime(o.createdAt)}</Td>
                      <Td>{t(`wallet:providers.${o.providerId}`)}</Td>
                      <Td className="text-right">{formatMoney(a.value, a.currency)}</Td>
                      <Td className="whitespace-normal">
                        {view.status(o)}
                        {view.note?.(o)}
                      </Td>
                      <Td className="text-right">
                        <button
                          type="button"
                          aria-expanded={shown}
                          aria-controls={shown ? `${rowTestId}-${o.id}` : undefined}
                          onClick={() => setOpen(shown ? undefined : o.id)}
                          className="rounded-lg px-2 py-1 text-amber-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300"
                        >
                          {t('history.details')}
                          <span className="sr-only"> {o.transactionCode}</span>
                          <span aria-hidden="true" className={shown ? 'ml-1 inline-block rotate-180' : 'ml-1 inline-block'}>
                            ▾
                          </span>
                        </button>
                      </Td>
                    </tr>
                    {shown ? (
                      <tr id={`${rowTestId}-${o.id}`} className={stripe} data-testid={`${rowTestId}-details`} data-code={o.transactionCode}>
                        <td colSpan={6} className="px-3 pb-3">
                          <Suspense>
                            <view.Details row={o} />
                          </Suspense>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </TBody>
          </Table>
        )
      }
    </PagedHistory>
  );
}
