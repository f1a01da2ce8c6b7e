import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { playerDetailQueryOptions } from '@/backoffice/features/players/api/get-player';
import { StaffLink, playersPath } from '@/backoffice/lib/staff-link';
import { PlayerActions } from './player-actions';
import { ResponsiblePlay } from './player-responsible-play';
import { BankAccount } from './player-bank';
import { Credits, Orders, Section, Sessions, Sharing, Usages } from './player-sections';
import { MONEY_ROLES } from '@app/contracts';
import { FraudSignals } from '@/backoffice/components/fraud-signals/fraud-signals';
import { meQueryOptions } from '@/backoffice/features/auth/api/get-me';

/** The player's fraud signals (decision 164), the others as links to their pages. */
function PlayerSignals({ playerId }: { playerId: string }) {
  const { t } = useTranslation('signals');
  // the decisions are the money roles', as the withdrawals'
  const role = useQuery(meQueryOptions).data?.staff.role;
  return (
    <Section title={t('heading')} testId="player-signals">
      <FraudSignals playerId={playerId} canDecide={role !== undefined && MONEY_ROLES.includes(role)} />
    </Section>
  );
}

/** A player's page (DESIGN.md §9): who they are, what they hold, who shares their device or account, and the actions. */
export function PlayerPage() {
  const { t } = useTranslation('players');
  // not strict: a page being left may render once more without its match (decision 018)
  const playerId = (useParams({ strict: false }) as { playerId?: string }).playerId ?? '';
  const detail = useQuery({ ...playerDetailQueryOptions(playerId), enabled: playerId !== '' });
  if (detail.isPending) return <Spinner className="mx-auto mt-10 h-8 w-8" />;
  if (detail.isError) {
    return (
      <p role="alert" className="text-red-300">
        {t(staffErrorKey(detail.error))}
      </p>
    );
  }
  const { player } = detail.data;
  return (
    <section className="flex flex-col gap-4" data-testid="player-page">
      <StaffLink to={playersPath('username', '')} className="text-sm text-slate-400 hover:underline">
        ← {t('players.heading')}
      </StaffLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold break-all">{player.username}</h1>
        <Badge tone={player.status === 'blocked' ? 'red' : 'green'}>{t(`players.statuses.${player.status}`)}</Badge>
        {player.promotionBlocked && <Badge tone="yellow">{t('player.promotion_blocked')}</Badge>}
        {player.mustChangePassword && <Badge tone="blue">{t('player.must_change_password')}</Badge>}
      </div>
      <p className="text-sm text-slate-400">
        {player.displayName} · {t('player.joined')} {formatDateTime(player.createdAt)} · {t('player.last_login')}{' '}
        {player.lastLoginAt ? formatDateTime(player.lastLoginAt) : '—'}
      </p>
      <PlayerActions player={player} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <BankAccount detail={detail.data} />
        <Credits playerId={player.id} />
        <Sharing detail={detail.data} />
        <PlayerSignals playerId={player.id} />
        <Sessions detail={detail.data} />
        <Usages detail={detail.data} />
        <ResponsiblePlay playerId={player.id} />
        <Orders playerId={player.id} kind="deposits" />
        <Orders playerId={player.id} kind="withdrawals" />
      </div>
    </section>
  );
}
