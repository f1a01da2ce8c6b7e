import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXCLUSION_PERIODS, type Exclusion, type ExclusionPeriod, type StaffPlayerLimitsResponse } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatMoney } from '@/lib/format';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { playerLimitsQueryOptions, useExcludePlayer } from '@/backoffice/features/players/api/player-limits';
import { Section } from './player-sections';

const kip = (v: string | null) => (v === null ? '—' : formatMoney(v, 'LAK'));

function ExclusionText({ exclusion }: { exclusion: Exclusion }) {
  const { t } = useTranslation('players');
  return (
    <>
      {t(`player.responsible.kind.${exclusion.kind}`)} ·{' '}
      {exclusion.endsAt === null
        ? t('player.responsible.for_good')
        : t('player.responsible.until', { at: formatDateTime(exclusion.endsAt) })}
    </>
  );
}

/** Staff exclude the player with a reason (audited); the dialog says nobody can end it early. */
function ExcludeDialog({ playerId, open, onOpenChange }: { playerId: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('players');
  const exclude = useExcludePlayer(playerId);
  const [period, setPeriod] = useState<ExclusionPeriod>('24h');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    exclude.mutate({ period, reason: reason.trim() }, { onSuccess: () => (setReason(''), onOpenChange(false)) });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('player.responsible.exclude.title')} description={t('player.responsible.exclude.description')}>
        <div className="flex flex-col gap-3">
          <Field label={t('player.responsible.exclude.period')}>
            <Select
              value={period}
              onValueChange={(v) => setPeriod(v as ExclusionPeriod)}
              options={EXCLUSION_PERIODS.map((p) => ({ value: p, label: t(`player.responsible.period.${p}`) }))}
            />
          </Field>
          <Field label={t('player.reason')} error={missing ? t('validation.reason_required') : undefined}>
            <Input value={reason} onChange={(e) => (setReason(e.target.value), setMissing(false))} data-testid="exclude-reason" />
          </Field>
        </div>
        {exclude.isError && (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {t(staffErrorKey(exclude.error))}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="danger" onClick={submit} loading={exclude.isPending} data-testid="exclude-confirm">
            {t('player.responsible.exclude.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Details({ data }: { data: StaffPlayerLimitsResponse }) {
  const { t } = useTranslation('players');
  return (
    <>
      {data.exclusion ? (
        <p className="text-sm" data-testid="player-exclusion">
          <Badge tone="red">
            <ExclusionText exclusion={data.exclusion} />
          </Badge>
        </p>
      ) : (
        <p className="text-sm text-slate-400">{t('player.responsible.no_exclusion')}</p>
      )}
      <table className="w-full text-sm">
        <thead className="text-left text-slate-400">
          <tr>
            <th className="font-normal">{t('player.responsible.limit')}</th>
            <th className="text-right font-normal">{t('player.responsible.in_force')}</th>
            <th className="text-right font-normal">{t('player.responsible.used')}</th>
          </tr>
        </thead>
        <tbody>
          {data.limits.map((l) => (
            <tr key={l.period} data-testid={`staff-limit-${l.period}`}>
              <td>
                {t(`player.responsible.periods.${l.period}`)}
                {l.pending && (
                  <span className="block text-xs text-amber-300">
                    {t('player.responsible.pending', { amount: kip(l.pending.amount), at: formatDateTime(l.pending.effectiveAt) })}
                  </span>
                )}
              </td>
              <td className="text-right font-mono whitespace-nowrap">{kip(l.amount)}</td>
              <td className="text-right font-mono whitespace-nowrap">{kip(l.used)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary className="cursor-pointer text-sm text-slate-300">
          {t('player.responsible.history', { count: data.changes.length + data.exclusions.length })}
        </summary>
        <ul className="mt-2 flex flex-col gap-1 text-xs text-slate-300" data-testid="responsible-history">
          {data.exclusions.map((e) => (
            <li key={`x-${e.startsAt}`}>
              {formatDateTime(e.startsAt)} · <ExclusionText exclusion={e} /> ·{' '}
              {e.staffUsername ? `${e.staffUsername}: ${e.reason ?? ''}` : t('player.responsible.by_player')}
            </li>
          ))}
          {data.changes.map((c) => (
            <li key={`l-${c.createdAt}-${c.period}`} className={c.canceledAt ? 'text-slate-500 line-through' : undefined}>
              {formatDateTime(c.createdAt)} · {t(`player.responsible.periods.${c.period}`)} →{' '}
              {c.amount === null ? t('player.responsible.removed') : kip(c.amount)} ·{' '}
              {t('player.responsible.effective', { at: formatDateTime(c.effectiveAt) })}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

/** Responsible play on the player's page: limits with their history, any exclusion, and excluding. */
export function ResponsiblePlay({ playerId }: { playerId: string }) {
  const { t } = useTranslation('players');
  const limits = useQuery(playerLimitsQueryOptions(playerId));
  const [open, setOpen] = useState(false);
  return (
    <Section title={t('player.responsible.title')} testId="player-responsible">
      {limits.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : limits.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t(staffErrorKey(limits.error))}
        </p>
      ) : (
        <Details data={limits.data} />
      )}
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)} data-testid="exclude-player">
        {t('player.responsible.exclude.open')}
      </Button>
      <ExcludeDialog playerId={playerId} open={open} onOpenChange={setOpen} />
    </Section>
  );
}
