import { useEffect } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { MoreButton } from '@/backoffice/components/more-button';
import { meQueryOptions } from '@/backoffice/features/auth/api/get-me';
import { MONEY_ROLES } from '@app/contracts';
import { queueQueryOptions } from '@/backoffice/features/withdrawals/api/get-withdrawal-queue';
import { queueSummaryQueryOptions } from '@/backoffice/features/withdrawals/api/get-queue-summary';
import { formatAge } from '@/backoffice/lib/dates';
import { WithdrawalCard } from './withdrawal-card';
import { ChimeSwitch, useChimeChoice, useNewRequestChime } from './new-request-chime';

/** The tab shows how many wait, so a new request is seen from another tab: "(3) Withdrawals". */
export function useTabTitle(count: number | undefined, title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = count ? `(${count}) ${title}` : title;
    return () => {
      document.title = before;
    };
  }, [count, title]);
}

/** The open withdrawals, oldest first, polled so new requests appear without a reload. */
export function QueuePage() {
  const { t } = useTranslation('money');
  const queue = useInfiniteQuery(queueQueryOptions);
  const summary = useQuery(queueSummaryQueryOptions);
  const open = summary.data?.open;
  useTabTitle(open?.count, t('queue.heading'));
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const [chime, setChime] = useChimeChoice();
  useNewRequestChime(open ?? null, chime);
  // the decisions are the money roles': hidden for any other role
  const role = useQuery(meQueryOptions).data?.staff.role;
  const canDecide = role !== undefined && MONEY_ROLES.includes(role);

  return (
    <section className="flex flex-col gap-4" data-testid="withdrawal-queue">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="mr-auto text-xl font-bold">{t('queue.heading')}</h1>
        <ChimeSwitch on={chime} onChange={setChime} />
        {open && (
          <p className="text-sm text-slate-300" data-testid="queue-count" aria-live="polite">
            {t('queue.count', { count: open.count })}
            {open.oldestAt && ` · ${t('dashboard.oldest', { age: formatAge(open.oldestAt, summary.dataUpdatedAt, t) })}`}
          </p>
        )}
      </div>
      {queue.isPending ? (
        <Spinner className="mx-auto mt-8 h-8 w-8" />
      ) : queue.isError ? (
        <CallError error={queue.error} testId="queue-error" />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-slate-800 p-8 text-center text-slate-400" data-testid="queue-empty">
          {t('queue.empty')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {items.map((w) => (
            <li key={w.id}>
              <WithdrawalCard w={w} canDecide={canDecide} />
            </li>
          ))}
        </ul>
      )}
      <MoreButton list={queue} label={t('queue.more')} testId="queue-more" />
    </section>
  );
}
