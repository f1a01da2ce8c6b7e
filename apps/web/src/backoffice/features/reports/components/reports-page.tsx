import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_DAYS } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { fieldErrorText } from '@/backoffice/lib/errors';
import { daysBetween, rangeProblem, vientianeToday } from '@/backoffice/lib/day-range';
import { PlayerReport } from './player-report';
import { ProviderReport } from './provider-report';

/**
 * Reports (owner, finance; decision 182): a range of Vientiane days, this month by default, then the
 * figures per game provider and per player, each with its CSV. A range this page can tell is wrong is
 * said under its field and nothing is asked; the server is the rule.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const today = vientianeToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to, REPORT_MAX_DAYS, 'backoffice.validation.report_range');
  const days = daysBetween(from, to);
  return (
    <section className="flex flex-col gap-5" data-testid="reports-page">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        <p className="text-sm text-slate-400">{t('explain', { max: REPORT_MAX_DAYS })}</p>
      </div>
      <Card className="flex flex-col gap-3">
        <div className="grid grid-cols-1 gap-3 sm:max-w-xl sm:grid-cols-2">
          <Field label={t('from')} error={problem?.field === 'from' ? fieldErrorText(t, problem.key) : undefined}>
            <Input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} data-testid="report-from" />
          </Field>
          <Field
            label={t('to')}
            error={problem?.field === 'to' ? fieldErrorText(t, problem.key) : undefined}
            hint={!problem && days ? t('days', { count: days }) : undefined}
          >
            <Input type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} data-testid="report-to" />
          </Field>
        </div>
        <p className="text-sm text-slate-300">{t('net_rule')}</p>
      </Card>
      {!problem && (
        <>
          <ProviderReport from={from} to={to} />
          <PlayerReport from={from} to={to} />
        </>
      )}
      <p className="text-sm text-slate-400">{t('csv_note')}</p>
    </section>
  );
}
