import type { ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlayerDetailResponse } from '@app/contracts';
import { Badge, orderStatusTone as orderTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatMoney } from '@/lib/format';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { playerCreditsQueryOptions } from '@/backoffice/features/players/api/get-player-credits';
import { playerOrdersQueryOptions } from '@/backoffice/features/players/api/get-player-orders';
import { useEndSessions } from '@/backoffice/features/players/api/end-player-sessions';
import { StaffLink, playersPath } from '@/backoffice/lib/staff-link';

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="flex min-w-0 flex-col gap-3" data-testid={testId}>
      <CardTitle className="text-base">{title}</CardTitle>
      {children}
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-400">{children}</p>;

/** Live credit at each provider; a provider that did not answer reads "unknown". */
export function Credits({ playerId }: { playerId: string }) {
  const { t } = useTranslation('players');
  const credits = useQuery(playerCreditsQueryOptions(playerId));
  return (
    <Section title={t('player.credits')} testId="player-credits">
      {credits.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : credits.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t(staffErrorKey(credits.error))}
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {credits.data.credits.map((c) => (
            <div key={c.providerId} className="contents">
              <dt className="text-slate-400">{t(`common:providers.${c.providerId}`, { defaultValue: c.providerId })}</dt>
              <dd className="text-right font-mono">{c.amount === null ? t('player.unknown') : `${c.amount} THB`}</dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

/** The player's fingerprints, each a search for the players who sent it (who shares what: the fraud signals). */
export function Sharing({ detail }: { detail: PlayerDetailResponse }) {
  const { t } = useTranslation('players');
  return (
    <Section title={t('player.fingerprints')} testId="player-fingerprints">
      {detail.fingerprints.length === 0 ? (
        <Empty>{t('player.none')}</Empty>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {detail.fingerprints.map((f) => (
            <li key={f.hash} className="flex flex-wrap justify-between gap-2">
              <StaffLink to={playersPath('fingerprint', f.hash)} className="truncate font-mono text-amber-300 hover:underline">
                {f.hash.slice(0, 16)}…
              </StaffLink>
              <span className="text-slate-400">
                {f.firstDay} – {f.lastDay}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function Sessions({ detail }: { detail: PlayerDetailResponse }) {
  const { t } = useTranslation('players');
  const end = useEndSessions(detail.player.id);
  return (
    <Section title={t('player.sessions')} testId="player-sessions">
      {detail.sessions.length === 0 ? (
        <Empty>{t('player.no_sessions')}</Empty>
      ) : (
        <>
          <ul className="flex flex-col gap-2 text-sm">
            {detail.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-800 pb-2">
                <span className="min-w-0">
                  <span className="block">{formatDateTime(s.lastSeenAt)}</span>
                  <span className="block truncate text-xs text-slate-400">
                    {s.ip ?? '—'} · {s.userAgent ?? '—'}
                  </span>
                </span>
                <Button size="sm" variant="outline" onClick={() => end.mutate(s.id)} disabled={end.isPending}>
                  {t('player.end_session')}
                </Button>
              </li>
            ))}
          </ul>
          <Button size="sm" variant="danger" onClick={() => end.mutate(undefined)} loading={end.isPending} className="self-start">
            {t('player.end_all')}
          </Button>
        </>
      )}
      {end.isError && (
        <p role="alert" className="text-sm text-red-300">
          {t(staffErrorKey(end.error))}
        </p>
      )}
    </Section>
  );
}

export function Usages({ detail }: { detail: PlayerDetailResponse }) {
  const { t } = useTranslation('players');
  return (
    <Section title={t('player.usages')} testId="player-usages">
      {detail.usages.length === 0 ? (
        <Empty>{t('player.none')}</Empty>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {detail.usages.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {u.promotionName} · {t(`common:providers.${u.providerId}`, { defaultValue: u.providerId })}
              </span>
              <span className="flex items-center gap-2">
                <span className="text-slate-400">{formatDateTime(u.createdAt)}</span>
                <Badge tone={u.status === 'SUCCESS' ? 'green' : u.status === 'CANCELED' ? 'red' : u.status === 'USED' ? 'yellow' : 'grey'}>
                  {t(`usage.${u.status}`)}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Deposits or withdrawals, newest first, a page at a time. */
export function Orders({ playerId, kind }: { playerId: string; kind: 'deposits' | 'withdrawals' }) {
  const { t } = useTranslation('players');
  const orders = useInfiniteQuery(playerOrdersQueryOptions(playerId, kind));
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Section title={t(`player.${kind}`)} testId={`player-${kind}`}>
      {orders.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : orders.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t(staffErrorKey(orders.error))}
        </p>
      ) : rows.length === 0 ? (
        <Empty>{t('player.no_orders')}</Empty>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {rows.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-800 pb-2">
              <span className="font-mono">{o.transactionCode}</span>
              <span className="text-slate-400">{formatDateTime(o.createdAt)}</span>
              <span>{formatMoney(o.amountLak, 'LAK')}</span>
              <Badge tone={orderTone(o.status)}>{t(`order.${o.status}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void orders.fetchNextPage()}
          loading={orders.isFetchingNextPage}
          className="self-start"
        >
          {t('common:actions.more')}
        </Button>
      )}
    </Section>
  );
}
