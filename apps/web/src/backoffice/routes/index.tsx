import { useQuery } from '@tanstack/react-query';
import { createRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { STAFF_LOGIN_PATH } from '../lib/api';
import { formatKip, formatWhen } from '../lib/format';
import { staffErrorKey } from '../lib/errors';
import { useStaffLogout, withdrawalQueueQueryOptions } from '../lib/queries';
import { rootRoute } from './__root';

export const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: StaffHome });

/**
 * The signed-in home: the withdrawal queue, read from the staff API. Without a staff session the call
 * answers 401 and the API client sends the browser to the staff login.
 */
function StaffHome() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queue = useQuery(withdrawalQueueQueryOptions());
  const logout = useStaffLogout();
  return (
    <section className="flex flex-col gap-4" data-testid="staff-home">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-bold">{t('queue.heading')}</h1>
        {queue.data && <span className="text-sm text-slate-400">{t('queue.count', { count: queue.data.items.length })}</span>}
        <Button
          variant="outline"
          size="sm"
          onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ href: STAFF_LOGIN_PATH }) })}
        >
          {t('logout')}
        </Button>
      </div>
      <div className="overflow-x-auto">
        <Table data-testid="staff-queue">
          <THead>
            <tr>
              <Th>{t('queue.code')}</Th>
              <Th>{t('queue.date')}</Th>
              <Th>{t('queue.player')}</Th>
              <Th>{t('queue.provider')}</Th>
              <Th className="text-right">{t('queue.amount')}</Th>
              <Th>{t('queue.bank')}</Th>
            </tr>
          </THead>
          <TBody>
            {queue.isPending ? (
              <EmptyRow colSpan={6}>
                <Spinner className="mx-auto h-6 w-6" />
              </EmptyRow>
            ) : queue.isError ? (
              <EmptyRow colSpan={6}>
                <span role="alert" className="text-red-300">
                  {t(staffErrorKey(queue.error))}
                </span>
              </EmptyRow>
            ) : queue.data.items.length === 0 ? (
              <EmptyRow colSpan={6}>{t('queue.empty')}</EmptyRow>
            ) : (
              queue.data.items.map((w) => (
                <Tr key={w.id} data-testid="staff-queue-row" data-code={w.transactionCode}>
                  <Td className="font-mono">{w.transactionCode}</Td>
                  <Td>{formatWhen(w.createdAt, i18n.language)}</Td>
                  <Td>{w.playerUsername}</Td>
                  <Td>{w.providerId}</Td>
                  <Td className="text-right">{formatKip(w.amountReceived)}</Td>
                  <Td>
                    {w.bank} · {w.accountName} · {w.accountNumber}
                  </Td>
                </Tr>
              ))
            )}
          </TBody>
        </Table>
      </div>
    </section>
  );
}
