import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CallError } from '@/backoffice/components/call-error';
import { fieldErrorText } from '@/backoffice/lib/errors';
import { EXPORT_KINDS, EXPORT_MAX_DAYS, type ExportKind } from '@app/contracts';
import { downloadExport } from '../api/download-export';
import { daysBetween, rangeProblem, vientianeToday } from '@/backoffice/lib/day-range';

/** One export's card: its button fetches the CSV and saves it, or shows why the server refused it (decision 082). */
function ExportCard({ kind, from, to }: { kind: ExportKind; from: string; to: string }) {
  const { t } = useTranslation('exports');
  const [bytes, setBytes] = useState(0);
  const download = useMutation({
    mutationFn: () => {
      setBytes(0);
      return downloadExport(kind, from, to, setBytes);
    },
  });
  return (
    <Card className="flex flex-col gap-3" data-testid={`export-${kind}`}>
      <div>
        <CardTitle className="mb-1 text-base">{t(`kinds.${kind}`)}</CardTitle>
        <CardDescription>{t(`columns.${kind}`)}</CardDescription>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          className="self-start"
          loading={download.isPending}
          onClick={() => !download.isPending && download.mutate()}
          data-testid={`export-${kind}-download`}
        >
          {t('download')}
        </Button>
        {download.isPending && bytes > 0 && (
          <span className="text-sm text-slate-300 tabular-nums" aria-live="polite">
            {t('received', { size: (bytes / 1_048_576).toFixed(1) })}
          </span>
        )}
      </div>
      <CallError error={download.error} reason testId={`export-${kind}-error`} />
    </Card>
  );
}

/**
 * CSV exports (owner, finance; decisions 063, 082): a range of Vientiane days, then a button per CSV
 * that fetches it with the staff session's cookie and saves it; what the server refuses (the range,
 * the role, a session that ended) is said on the card and nothing is saved. A range this page can
 * tell is wrong is said under its field as it is typed.
 */
export function ExportsPage() {
  const { t } = useTranslation('exports');
  const today = vientianeToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to, EXPORT_MAX_DAYS, 'backoffice.validation.export_range');
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
          <ExportCard key={`${kind}:${from}:${to}`} kind={kind} from={from} to={to} />
        ))}
      </div>
      <p className="text-sm text-slate-400">{t('format')}</p>
    </section>
  );
}
