import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AUDIT_ACTIONS, type AuditEntry } from '@app/contracts';
import { AuditDiff } from './audit-diff';
import { KeysetList } from '@/backoffice/components/keyset-list';
import { StaffLink, playerPath } from '@/backoffice/lib/staff-link';
import { formatDateTime } from '@/lib/format';
import { auditQueryOptions, type AuditFilter } from '@/backoffice/features/audit/api/get-audit';
import { staffChoicesQueryOptions } from '@/backoffice/features/audit/api/get-staff-choices';

interface FilterForm {
  staffId: string;
  action: string;
  from: string;
  to: string;
}

/** A date input's day (Vientiane, UTC+7) as the instant it starts; `to` is the day after the last one. */
const dayStart = (day: string, plusDays = 0) =>
  day ? new Date(Date.parse(`${day}T00:00:00+07:00`) + plusDays * 86_400_000).toISOString() : undefined;

/**
 * What the entry changed: its kind and its name (decision 081), a link to the player's page when it
 * belongs to a player; the id stays in the title (and shows where no name was found).
 */
function AuditTarget({ entry: e }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const kind = t(`targets.${e.entityType}`, { defaultValue: e.entityType });
  const id = e.entityId ?? undefined;
  return (
    <span className="min-w-0 break-all text-slate-400" data-testid="audit-target" data-type={e.entityType}>
      {kind}
      {e.target ? (
        <>
          {': '}
          {e.target.playerId ? (
            <StaffLink
              to={playerPath(e.target.playerId)}
              title={id}
              className="font-semibold text-slate-100 underline underline-offset-2 hover:text-amber-300"
              data-testid="audit-target-name"
            >
              {e.target.name}
            </StaffLink>
          ) : (
            <span title={id} className="font-semibold text-slate-100" data-testid="audit-target-name">
              {e.target.name}
            </span>
          )}
        </>
      ) : (
        id && ` · ${id}`
      )}
    </span>
  );
}

/** The owner's audit log: filter by staff member, action and dates; newest first, one page at a time. */
export function AuditLog() {
  const { t } = useTranslation('audit');
  const staff = useQuery(staffChoicesQueryOptions);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const page = useQuery(auditQueryOptions(filter, cursor));
  const form = useForm<FilterForm>({ defaultValues: { staffId: '', action: '', from: '', to: '' } });
  const onSubmit = form.handleSubmit((f) => {
    setCursors([]);
    setFilter({ staffId: f.staffId || undefined, action: f.action.trim() || undefined, from: dayStart(f.from), to: dayStart(f.to, 1) });
  });
  return (
    <section className="flex flex-col gap-4" data-testid="audit-log">
      <h1 className="text-xl font-bold">{t('heading')}</h1>
      <Card>
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" data-testid="audit-filter">
          <Field label={t('staff')}>
            <select className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3 text-slate-100" {...form.register('staffId')}>
              <option value="">{t('everyone')}</option>
              {staff.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.username}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('action')}>
            <select className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3 text-slate-100" {...form.register('action')}>
              <option value="">{t('all_actions')}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`actions.${a}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('from')}>
            <Input type="date" {...form.register('from')} />
          </Field>
          <Field label={t('to')}>
            <Input type="date" {...form.register('to')} />
          </Field>
          <Button type="submit">{t('apply')}</Button>
        </form>
      </Card>
      <KeysetList
        ns="audit"
        page={page}
        cursors={cursors}
        onChange={setCursors}
        testId="audit"
        row={(e) => (
          <li key={e.id} data-testid="audit-entry" data-action={e.action}>
            <Card className="flex flex-col gap-2 p-4">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold text-amber-300">{t(`actions.${e.action}`, { defaultValue: e.action })}</span>
                <span className="text-slate-200">{e.staffUsername}</span>
                <span className="text-slate-400">{formatDateTime(e.at)}</span>
                <AuditTarget entry={e} />
              </div>
              <AuditDiff before={e.before} after={e.after} />
            </Card>
          </li>
        )}
      />
    </section>
  );
}
