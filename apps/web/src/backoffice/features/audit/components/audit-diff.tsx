import { useTranslation } from 'react-i18next';

type Json = Record<string, unknown> | null;

/** The fields of an audit entry's before and after side by side, the changed ones marked. */
export function AuditDiff({ before, after }: { before: Json; after: Json }) {
  const { t } = useTranslation('audit');
  // yes and no in the staff member's language, never true and false
  const show = (v: unknown) =>
    v === undefined ? '—' : typeof v === 'string' ? v : typeof v === 'boolean' ? t(v ? 'yes' : 'no') : JSON.stringify(v);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  if (keys.length === 0) return <span className="text-slate-400">{t('no_fields')}</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr_1fr] gap-x-3 gap-y-1 text-sm" data-testid="audit-diff">
      <dt className="sr-only">{t('field')}</dt>
      <dd className="col-start-2 text-xs text-slate-400">{t('before')}</dd>
      <dd className="text-xs text-slate-400">{t('after')}</dd>
      {keys.map((k) => {
        const from = before?.[k];
        const to = after?.[k];
        const changed = JSON.stringify(from) !== JSON.stringify(to);
        return (
          <div key={k} className="contents" data-changed={changed}>
            <dt className="text-slate-300">{t(`fields.${k}`, { defaultValue: k })}</dt>
            <dd className={changed && before ? 'break-all rounded bg-red-950 px-1 text-red-200 line-through' : 'break-all text-slate-300'}>
              {before ? show(from) : '—'}
            </dd>
            <dd className={changed ? 'break-all rounded bg-emerald-950 px-1 font-semibold text-emerald-200' : 'break-all text-slate-300'}>
              {show(to)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
