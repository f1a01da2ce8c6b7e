import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';
import { Spinner } from './spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from './table';
import { errorKey } from './toast-store';
import { formatDateTime, formatMoney } from '@/lib/format';

interface OrderRow {
  id: string;
  transactionCode: string;
  createdAt: string;
  providerId: string;
}

interface OrderHistoryProps<T extends OrderRow> {
  /** translation namespace holding history.* (deposit, withdraw) */
  ns: string;
  testId: string;
  rowTestId: string;
  list: UseQueryResult<{ items: T[]; total: number }>;
  page: number;
  pageSize: number;
  amount: (row: T) => { value: string; currency: 'LAK' | 'THB' | 'USD' };
  status: (row: T) => ReactNode;
}

/**
 * The paged order table of the deposit and withdraw histories: SPEC.md §3's columns (transaction
 * code, date/time, game provider, amount, status), loading, error and empty rows, and the pager.
 */
export function OrderHistory<T extends OrderRow>({ ns, testId, rowTestId, list, page, pageSize, amount, status }: OrderHistoryProps<T>) {
  const { t } = useTranslation([ns, 'wallet', 'errors']);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  const pager = (target: number, label: string, disabled: boolean) => (
    // the page it is on, with another page number: the table knows no route
    <Link
      to="."
      search={(prev) => ({ ...prev, page: target, pageSize })}
      disabled={disabled}
      className={buttonClass('outline', 'sm', disabled ? 'pointer-events-none opacity-50' : undefined)}
    >
      {label}
    </Link>
  );
  return (
    <div className="flex flex-col gap-3">
      <Table data-testid={testId}>
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
          {list.isPending ? (
            <EmptyRow colSpan={5}>
              <Spinner className="mx-auto h-6 w-6" />
            </EmptyRow>
          ) : list.isError ? (
            <EmptyRow colSpan={5}>
              <span role="alert" className="text-red-300">
                {t(errorKey(list.error))}
              </span>
            </EmptyRow>
          ) : list.data.items.length === 0 ? (
            <EmptyRow colSpan={5}>{t('history.empty')}</EmptyRow>
          ) : (
            list.data.items.map((o) => {
              const a = amount(o);
              return (
                <Tr key={o.id} data-testid={rowTestId} data-code={o.transactionCode}>
                  <Td className="font-mono">{o.transactionCode}</Td>
                  <Td>{formatDateTime(o.createdAt)}</Td>
                  <Td>{t(`wallet:providers.${o.providerId}`)}</Td>
                  <Td className="text-right">{formatMoney(a.value, a.currency)}</Td>
                  <Td>{status(o)}</Td>
                </Tr>
              );
            })
          )}
        </TBody>
      </Table>
      <nav className="flex items-center justify-between gap-2 text-sm text-slate-300" aria-label={t('history.pages')}>
        {pager(page - 1, t('history.previous'), page <= 1)}
        <span>{t('history.page', { page, pages })}</span>
        {pager(page + 1, t('history.next'), page >= pages)}
      </nav>
    </div>
  );
}
