import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REJECT_PRESETS_MAX, REJECT_REASON_MAX, rejectReasonsBodySchema, type RejectReasonsResponse } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { fieldErrorText } from '@/backoffice/lib/errors';
import { ApiError } from '@/lib/api-client';
import { rejectReasonsQueryOptions } from '@/backoffice/lib/reject-reasons';
import { useUpdateRejectReasons } from '@/backoffice/features/settings/api/update-reject-reasons';

/** The lines typed, each trimmed, the empty ones dropped: one reason a line. */
export const reasonLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function ReasonsForm({ data }: { data: RejectReasonsResponse }) {
  const { t } = useTranslation('settings');
  const update = useUpdateRejectReasons();
  const [text, setText] = useState(data.reasons.join('\n'));
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { reasons: reasonLines(text) };
    // the contracts' own rules first (too many, too long, twice the same), then the server's answer
    const checked = rejectReasonsBodySchema.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    update.mutate(body, {
      onSuccess: (next) => {
        setText(next.reasons.join('\n'));
        setSaved(true);
      },
      onError: (err) => setError(err instanceof ApiError ? Object.values(err.fields)[0] : undefined),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" data-testid="reject-reasons-form">
      <Field
        label={t('reject_reasons.field')}
        hint={t('reject_reasons.hint', { max: REJECT_PRESETS_MAX, length: REJECT_REASON_MAX })}
        error={error ? fieldErrorText(t, error) : undefined}
      >
        <textarea
          rows={Math.min(REJECT_PRESETS_MAX, Math.max(4, reasonLines(text).length + 1))}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(false);
            setError(undefined);
          }}
          className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100"
          data-testid="reject-reasons-input"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending} data-testid="reject-reasons-save">
          {t('reject_reasons.save')}
        </Button>
        {saved && (
          <span className="text-sm text-emerald-300" role="status" data-testid="reject-reasons-saved">
            {t('saved')}
          </span>
        )}
        <CallError error={update.error} testId="reject-reasons-error" />
      </div>
    </form>
  );
}

/**
 * The agency's preset reasons for rejecting a withdrawal (owner; decision 178): one a line, in the
 * order the reject dialog shows them. The text chosen is what the player reads, so write it in their language.
 */
export function RejectReasonsCard() {
  const { t } = useTranslation('settings');
  const reasons = useQuery(rejectReasonsQueryOptions());
  return (
    <Card className="flex flex-col gap-3" data-testid="reject-reasons">
      <div>
        <CardTitle className="mb-1 text-base">{t('reject_reasons.heading')}</CardTitle>
        <CardDescription>{t('reject_reasons.explain')}</CardDescription>
        {reasons.data?.isDefault && <p className="mt-1 text-sm text-amber-200">{t('reject_reasons.defaults')}</p>}
      </div>
      {reasons.isPending ? (
        <Spinner className="h-5 w-5" />
      ) : reasons.isError ? (
        <CallError error={reasons.error} />
      ) : (
        <ReasonsForm data={reasons.data} />
      )}
    </Card>
  );
}
