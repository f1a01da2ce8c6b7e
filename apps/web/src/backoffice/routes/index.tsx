import { useQuery } from '@tanstack/react-query';
import { createRoute, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { formatKip, formatWhen } from '../lib/format';
import { staffErrorKey } from '../lib/errors';
import { withdrawalQueueQueryOptions } from '../lib/queries';
import { navFor } from '../nav';
import { appRoute } from './_app';

export const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  // the queue is money: a role without it starts at its first screen (support: the players)
  beforeLoad: ({ context }) => {
    const first = navFor(context.me.staff.role)[0];
    if (first && first.path !== '/') throw redirect({ to: first.path });
  },
  component: StaffHome,
});

/**
 * The signed-in home: the withdrawal queue, read from the staff API. Without a staff session the call
 * answers 401 and the API client sends the browser to the staff login.
 */
function StaffHome() {
  const { t, i18n } = useTranslation('queue');
  const queue = useQuery(withdrawalQueueQueryOptions());
  return (
    <section className="flex flex-col gap-4" data-testid="staff-home">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-bold">{t('heading')}</h1>
        {queue.data && <span className="text-sm text-slate-400">{t('count', { count: queue.data.items.length })}</span>}
      </div>
      <div className="overflow-x-auto">
        <Table data-testid="staff-queue">
          <THead>
            <tr>
              <Th>{t('code')}</Th>
              <Th>{t('date')}</Th>
              <Th>{t('player')}</Th>
              <Th>{t('provider')}</Th>
              <Th className="text-right">{t('amount')}</Th>
              <Th>{t('bank')}</Th>
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
              <EmptyRow colSpan={6}>{t('empty')}</EmptyRow>
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
