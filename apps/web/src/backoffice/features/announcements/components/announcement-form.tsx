import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Announcement, type AnnouncementTexts } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { fieldErrorText, staffErrorKey } from '@/backoffice/lib/errors';
import { ApiError } from '@/lib/api-client';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '@/backoffice/lib/player-languages';
import { useSaveAnnouncement } from '../api/announcements';
import { fromVientianeInput, toVientianeInput } from '../lib/vientiane-time';

const HOUR = 3_600_000;
const boxClass = 'min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100';
const empty: AnnouncementTexts = { lo: '', cn: '', vn: '', th: '' };

/**
 * Writes a new announcement, or changes `editing`: its text in the four player languages (all required,
 * decision 174) and its window on Vientiane's clock. The server says what is wrong, field by field.
 */
export function AnnouncementForm({ editing, onDone }: { editing: Announcement | null; onDone: () => void }) {
  const { t } = useTranslation('announcements');
  const save = useSaveAnnouncement();
  const [texts, setTexts] = useState<AnnouncementTexts>(editing?.texts ?? empty);
  const [startsAt, setStartsAt] = useState(() => toVientianeInput(editing?.startsAt ?? Date.now()));
  const [endsAt, setEndsAt] = useState(() => toVientianeInput(editing?.endsAt ?? Date.now() + 24 * HOUR));
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const error = (path: string) => fieldErrorText(t, fields[path]);
  const otherError = save.isError && Object.keys(fields).length === 0;

  return (
    <Card className="flex min-w-0 flex-col gap-4" data-testid="announcement-form">
      <CardTitle className="text-base">{editing ? t('form.edit_heading') : t('form.new_heading')}</CardTitle>
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const body = { texts, startsAt: fromVientianeInput(startsAt), endsAt: fromVientianeInput(endsAt) };
          save.mutate({ id: editing?.id, body }, { onSuccess: onDone });
        }}
      >
        {LANGUAGES.map((l) => (
          <Field key={l} label={t('form.text', { language: LANGUAGE_NAMES[l] })} error={error(`texts.${l}`)}>
            <textarea
              rows={2}
              lang={LANGUAGE_TAGS[l]}
              className={boxClass}
              value={texts[l]}
              onChange={(e) => setTexts({ ...texts, [l]: e.target.value })}
              data-testid={`announcement-text-${l}`}
            />
          </Field>
        ))}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.starts_at')} hint={t('form.vientiane')} error={error('startsAt')}>
            <Input type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} data-testid="announcement-starts" />
          </Field>
          <Field label={t('form.ends_at')} hint={t('form.vientiane')} error={error('endsAt')}>
            <Input type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} data-testid="announcement-ends" />
          </Field>
        </div>
        {otherError && (
          <p role="alert" className="text-sm text-red-300">
            {t(staffErrorKey(save.error))}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending} data-testid="announcement-save">
            {editing ? t('form.save') : t('form.create')}
          </Button>
          {editing && (
            <Button type="button" variant="outline" onClick={onDone}>
              {t('form.cancel')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
