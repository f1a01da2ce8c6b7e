import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardDay, DashboardQueue } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { CallError } from '@/backoffice/components/call-error';
import { dashboardQueryOptions } from '@/backoffice/features/dashboard/api/get-dashboard';
import { DayChart } from './day-chart';
import { formatDecimal, formatMoney } from '@/lib/format';
import { formatAge, formatDay, formatTime } from '@/backoffice/lib/dates';

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card className="p-4 sm:p-4" data-testid={testId}>
      <p className="text-sm text-slate-300">{label}</p>
      <p className="mt-1 text-2xl font-bold break-words text-white tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-sm text-slate-400">{hint}</p>}
    </Card>
  );
}

function QueueCard({ label, queue, to, now, testId }: { label: string; queue: DashboardQueue; to?: string; now: number; testId: string }) {
  const { t } = useTranslation('money');
  const body = (
    <>
      <p className="text-sm text-slate-300">{label}</p>
      <p className="mt-1 text-2xl font-bold text-white tabular-nums">{queue.count}</p>
      <p className="mt-1 text-sm text-slate-400">
        {queue.oldestAt ? t('dashboard.oldest', { age: formatAge(queue.oldestAt, now, t) }) : t('dashboard.none_waiting')}
      </p>
    </>
  );
  return (
    <Card className="p-4 sm:p-4" data-testid={testId}>
      {to ? (
        <Link to={to} className="block rounded-lg focus-visible:outline-2 focus-visible:outline-amber-300">
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

function DaysTable({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation('money');
  return (
    <Table aria-label={t('dashboard.days_label')} data-testid="dashboard-days">
      <THead>
        <tr>
          <Th>{t('dashboard.day')}</Th>
          <Th className="text-right">{t('dashboard.deposits')}</Th>
          <Th className="text-right">{t('dashboard.withdrawals')}</Th>
          <Th className="text-right">{t('dashboard.bonus')}</Th>
          <Th className="text-right">{t('dashboard.new_players')}</Th>
          <Th className="text-right">{t('dashboard.net')}</Th>
        </tr>
      </THead>
      <TBody>
        {[...days].reverse().map((d) => (
          <Tr key={d.day} data-day={d.day}>
            <Td>{formatDay(d.day)}</Td>
            <Td className="text-right tabular-nums">
              {formatDecimal(d.deposits.amount, 0)} <span className="text-slate-400">({d.deposits.count})</span>
            </Td>
            <Td className="text-right tabular-nums">
              {formatDecimal(d.withdrawalsPaid.amount, 0)} <span className="text-slate-400">({d.withdrawalsPaid.count})</span>
            </Td>
            <Td className="text-right tabular-nums">{formatDecimal(d.bonusCost, 2)}</Td>
            <Td className="text-right tabular-nums">{d.newPlayers}</Td>
            <Td className={`text-right tabular-nums ${d.net.startsWith('-') ? 'text-red-300' : ''}`}>{formatDecimal(d.net, 0)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/**
 * The days on a phone: a card each, its five figures in two columns, so that a day reads without a
 * sideways scroll (the table needs 36rem); from `sm` up the table shows instead.
 */
function DayCards({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation('money');
  const figure = (label: string, value: string, className = '') => (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className={`font-semibold break-words text-slate-100 tabular-nums ${className}`}>{value}</dd>
    </div>
  );
  return (
    <ol className="flex flex-col gap-2 sm:hidden" aria-label={t('dashboard.days_label')} data-testid="dashboard-day-cards">
      {[...days].reverse().map((d) => (
        <li key={d.day} data-day={d.day}>
          <Card className="p-3 sm:p-3">
            <h3 className="mb-2 text-sm font-semibold text-white">{formatDay(d.day)}</h3>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              {figure(t('dashboard.deposits'), `${formatDecimal(d.deposits.amount, 0)} LAK (${d.deposits.count})`)}
              {figure(t('dashboard.withdrawals'), `${formatDecimal(d.withdrawalsPaid.amount, 0)} LAK (${d.withdrawalsPaid.count})`)}
              {figure(t('dashboard.bonus'), formatMoney(d.bonusCost, 'THB'))}
              {figure(t('dashboard.new_players'), String(d.newPlayers))}
              {figure(t('dashboard.net'), `${formatDecimal(d.net, 0)} LAK`, d.net.startsWith('-') ? 'text-red-300' : '')}
            </dl>
          </Card>
        </li>
      ))}
    </ol>
  );
}

/** The signed-in home of owner and finance (the shell's tests look for `staff-home`). */
export function DashboardPage() {
  return (
    <div data-testid="staff-home">
      <Dashboard />
    </div>
  );
}

/** Today's figures, the open queues with their oldest item, and the 15 days as a chart and a table. */
function Dashboard() {
  const { t } = useTranslation('money');
  const dashboard = useQuery(dashboardQueryOptions);
  if (dashboard.isPending) return <Spinner className="mx-auto mt-10 h-8 w-8" />;
  if (dashboard.isError) return <CallError error={dashboard.error} testId="dashboard-error" />;
  const { days, queues, generatedAt } = dashboard.data;
  const today = days.at(-1)!;
  const now = Date.parse(generatedAt);
  return (
    <section className="flex flex-col gap-5" data-testid="dashboard">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="mr-auto text-xl font-bold">{t('dashboard.heading')}</h1>
        <p className="text-sm text-slate-400" data-testid="dashboard-updated">
          {t('dashboard.updated', { time: formatTime(now) })}
        </p>
      </div>
      <h2 className="-mb-2 text-base font-semibold text-slate-200">{t('dashboard.today', { day: formatDay(today.day) })}</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
        <Figure
          testId="figure-deposits"
          label={t('dashboard.deposits')}
          value={`${formatDecimal(today.deposits.amount, 0)} LAK`}
          hint={t('dashboard.orders', { count: today.deposits.count })}
        />
        <Figure
          testId="figure-withdrawals"
          label={t('dashboard.withdrawals')}
          value={`${formatDecimal(today.withdrawalsPaid.amount, 0)} LAK`}
          hint={t('dashboard.orders', { count: today.withdrawalsPaid.count })}
        />
        <Figure
          testId="figure-bonus"
          label={t('dashboard.bonus')}
          value={formatMoney(today.bonusCost, 'THB')}
          hint={t('dashboard.bonus_lak', { amount: formatDecimal(today.bonusCostLak, 0) })}
        />
        <Figure testId="figure-players" label={t('dashboard.new_players')} value={String(today.newPlayers)} />
        <Figure testId="figure-net" label={t('dashboard.net')} value={`${formatDecimal(today.net, 0)} LAK`} />
      </div>
      <h2 className="-mb-2 text-base font-semibold text-slate-200">{t('dashboard.queues')}</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <QueueCard
          testId="queue-withdrawals"
          label={t('dashboard.queue_withdrawals')}
          queue={queues.withdrawalsOpen}
          to="/withdrawals"
          now={now}
        />
        <QueueCard
          testId="queue-deposits"
          label={t('dashboard.queue_deposits')}
          queue={queues.depositsAttention}
          to="/attention"
          now={now}
        />
      </div>
      <Card className="p-3 sm:p-4">
        <h2 className="mb-2 text-base font-semibold text-slate-200">{t('dashboard.chart_heading')}</h2>
        <DayChart days={days} />
      </Card>
      <DayCards days={days} />
      <div className="hidden sm:block">
        <DaysTable days={days} />
      </div>
    </section>
  );
}
