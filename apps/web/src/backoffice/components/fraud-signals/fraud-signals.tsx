import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FraudSignal, QueueSignals } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { CallError } from '@/backoffice/components/call-error';
import { playerSignalsQueryOptions } from '@/backoffice/lib/fraud-signals';
import { StaffLink, playerPath } from '@/backoffice/lib/staff-link';
import { SignalDecision } from './signal-decision';

/** What the pair shares, short enough for a phone: a fingerprint's first characters, the rest as it is. */
const sharedText = (s: FraudSignal) => (s.kind === 'device' ? `${s.shared.slice(0, 12)}…` : s.shared.replace(/^[a-z]+:/, ''));

function SignalItem({ signal, canDecide }: { signal: FraudSignal; canDecide: boolean }) {
  const { t } = useTranslation('signals');
  const ring = signal.kind === 'bonus_ring';
  const status = ring && signal.status !== 'open' ? t(`ring_statuses.${signal.status}`) : t(`statuses.${signal.status}`);
  return (
    <li
      className="flex flex-col gap-1.5 border-b border-slate-800 pb-2 text-sm last:border-b-0"
      data-testid="fraud-signal"
      data-kind={signal.kind}
      data-status={signal.status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={signal.status === 'dismissed' ? 'grey' : ring ? 'red' : 'yellow'}>{t(`kinds.${signal.kind}`)}</Badge>
        {signal.status !== 'open' && <span className="text-xs text-slate-400">{status}</span>}
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-slate-400">{t('with')}</span>
        <StaffLink
          to={playerPath(signal.other.id)}
          className="font-semibold break-all text-amber-300 hover:underline"
          data-testid="signal-other"
        >
          {signal.other.username}
        </StaffLink>
        <span className="font-mono text-xs break-all text-slate-400">{sharedText(signal)}</span>
      </p>
      {ring && signal.status === 'open' && <p className="text-xs text-red-300">{t('ring_blocks')}</p>}
      {signal.decision ? (
        <p className="text-xs text-slate-400">
          {t('decided', { staff: signal.decision.staffUsername ?? '—', at: formatDateTime(signal.decision.decidedAt) })}:{' '}
          {signal.decision.reason}
        </p>
      ) : (
        canDecide && <SignalDecision signal={signal} />
      )}
    </li>
  );
}

/**
 * A player's fraud signals (decision 164), each naming the other player as a link to their page;
 * owner and finance (`canDecide`) decide the open ones. One self-contained piece: the player's page, the
 * withdrawal's detail and its decision dialog place it with one line.
 */
export function FraudSignals({ playerId, canDecide }: { playerId: string; canDecide: boolean }) {
  const { t } = useTranslation('signals');
  const signals = useQuery(playerSignalsQueryOptions(playerId));
  if (signals.isPending) return <Spinner className="h-5 w-5" />;
  if (signals.isError) return <CallError error={signals.error} />;
  const { items } = signals.data;
  if (items.length === 0) return <p className="text-sm text-slate-400">{t('none')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="fraud-signals">
      {items.map((s) => (
        <SignalItem key={s.id} signal={s} canDecide={canDecide} />
      ))}
    </ul>
  );
}

/** The queue's compact badge: how many signals of the player are not dismissed, and of which kinds. */
export function SignalsBadge({ signals }: { signals: QueueSignals }) {
  const { t } = useTranslation('signals');
  if (signals.count === 0) return null;
  const ring = signals.kinds.includes('bonus_ring');
  return (
    <span data-testid="queue-signals" className="max-w-full">
      <Badge tone={ring ? 'red' : 'yellow'} className="max-w-full whitespace-normal">
        ⚠ {t('badge', { count: signals.count })} · {signals.kinds.map((k) => t(`short.${k}`)).join(', ')}
      </Badge>
    </span>
  );
}
