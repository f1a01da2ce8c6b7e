import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useMediaQuery, WIDE } from '@/lib/use-media-query';
import type { HistoryRoute } from './history-pager';
import { OrderCards, type OrderHistoryRow, type OrderView } from './order-cards';
import { PagedHistory } from './paged-history';
import { TBody, THead, Table, Td, Th, Tr } from './table';

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
 * the states and pager every history shares (PagedHistory).
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
              </tr>
            </THead>
            <TBody>
              {items.map((o) => {
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
        )
      }
    </PagedHistory>
  );
}
