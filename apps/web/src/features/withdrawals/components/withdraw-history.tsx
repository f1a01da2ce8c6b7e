import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { errorKey } from '@/components/ui/toast-store';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useWithdrawals } from '../api/get-withdrawals';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

/** SPEC.md §3 columns: transaction code, date/time, game provider, amount, status (§4 colours and labels). */
export function WithdrawHistory({ page, pageSize }: { page: number; pageSize: number }) {
  const { t } = useTranslation(['withdraw', 'wallet', 'errors']);
  const list = useWithdrawals(page, pageSize);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  const pager = (to: number, label: string, disabled: boolean) => (
    <Link
      to="/player/withdraw/history"
      search={{ page: to, pageSize }}
      disabled={disabled}
      className={buttonClass('outline', 'sm', disabled ? 'pointer-events-none opacity-50' : undefined)}
    >
      {label}
    </Link>
  );
  return (
    <div className="flex flex-col gap-3">
      <Table data-testid="withdraw-history">
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
            list.data.items.map((w) => (
              <Tr key={w.id} data-testid="withdraw-row" data-code={w.transactionCode}>
                <Td className="font-mono">{w.transactionCode}</Td>
                <Td>{formatDateTime(w.createdAt)}</Td>
                <Td>{t(`wallet:providers.${w.providerId}`)}</Td>
                <Td className="text-right">{formatMoney(w.amount, 'THB')}</Td>
                <Td>
                  <WithdrawalStatusBadge status={w.status} />
                </Td>
              </Tr>
            ))
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
