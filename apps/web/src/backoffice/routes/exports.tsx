import { useState } from 'react';
import { createRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { fieldErrorText } from '../lib/errors';
import { EXPORT_KINDS, EXPORT_MAX_DAYS, daysBetween, exportUrl, rangeProblem, vientianeToday } from '../lib/exports';
import { appRoute, onlyFor } from './_app';

export const exportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/exports',
  beforeLoad: onlyFor('/exports'),
  component: ExportsPage,
});

/**
 * CSV exports (owner, finance; decision 063): a range of Vientiane days, then a plain link to each
 * CSV, which the browser downloads with the staff session's cookie. A range the server would refuse
 * gives no link, and says why.
 */
function ExportsPage() {
  const { t } = useTranslation('exports');
  const today = vientianeToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to);
  const days = daysBetween(from, to);
  return (
    <section className="flex flex-col gap-4" data-testid="exports-page">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        <p className="text-sm text-slate-400">{t('explain', { max: EXPORT_MAX_DAYS })}</p>
      </div>
      <Card className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-3 sm:max-w-xl sm:grid-cols-2">
          <Field label={t('from')} error={problem?.field === 'from' ? fieldErrorText(t, problem.key) : undefined}>
            <Input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} data-testid="export-from" />
          </Field>
          <Field
            label={t('to')}
            error={problem?.field === 'to' ? fieldErrorText(t, problem.key) : undefined}
            hint={!problem && days ? t('days', { count: days }) : undefined}
          >
            <Input type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} data-testid="export-to" />
          </Field>
        </div>
      </Card>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {EXPORT_KINDS.map((kind) => (
          <Card key={kind} className="flex flex-col gap-3" data-testid={`export-${kind}`}>
            <div>
              <CardTitle className="mb-1 text-base">{t(`kinds.${kind}`)}</CardTitle>
              <CardDescription>{t(`columns.${kind}`)}</CardDescription>
            </div>
            {problem ? (
              <span aria-disabled="true" className={buttonClass('primary', 'md', 'self-start opacity-50')}>
                {t('download')}
              </span>
            ) : (
              <a
                href={exportUrl(kind, from, to)}
                download={`${kind}-${from}-${to}.csv`}
                className={buttonClass('primary', 'md', 'self-start')}
                data-testid={`export-${kind}-link`}
              >
                {t('download')}
              </a>
            )}
          </Card>
        ))}
      </div>
      <p className="text-sm text-slate-400">{t('format')}</p>
    </section>
  );
}
