import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { errorKey } from '@/components/ui/toast-store';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useDeposits } from '../api/get-deposits';

/** SPEC.md §3 columns: transaction code, date/time, game provider, amount, status (§4 colours and labels). */
export function DepositHistory({ page, pageSize }: { page: number; pageSize: number }) {
  const { t } = useTranslation(['deposit', 'wallet', 'errors']);
  const list = useDeposits(page, pageSize);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-3">
      <Table data-testid="deposit-history">
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
            list.data.items.map((o) => (
              <Tr key={o.id} data-testid="deposit-row" data-code={o.transactionCode}>
                <Td className="font-mono">{o.transactionCode}</Td>
                <Td>{formatDateTime(o.createdAt)}</Td>
                <Td>{t(`wallet:providers.${o.providerId}`)}</Td>
                <Td className="text-right">{formatMoney(o.amount, o.currency)}</Td>
                <Td>
                  <OrderStatusBadge status={o.status} />
                </Td>
              </Tr>
            ))
          )}
        </TBody>
      </Table>
      <nav className="flex items-center justify-between gap-2 text-sm text-slate-300" aria-label={t('history.pages')}>
        <Link
          to="/player/deposit/history"
          search={{ page: page - 1, pageSize }}
          disabled={page <= 1}
          className={buttonClass('outline', 'sm', page <= 1 ? 'pointer-events-none opacity-50' : undefined)}
        >
          {t('history.previous')}
        </Link>
        <span>{t('history.page', { page, pages })}</span>
        <Link
          to="/player/deposit/history"
          search={{ page: page + 1, pageSize }}
          disabled={page >= pages}
          className={buttonClass('outline', 'sm', page >= pages ? 'pointer-events-none opacity-50' : undefined)}
        >
          {t('history.next')}
        </Link>
      </nav>
    </div>
  );
}
