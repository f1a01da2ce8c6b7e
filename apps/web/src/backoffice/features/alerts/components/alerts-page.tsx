import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ALERT_CHANNELS,
  ALERT_EVENTS,
  ALERT_LANGUAGES,
  alertSettingsBodySchema,
  type AlertChannel,
  type AlertEvent,
  type AlertLanguage,
  type AlertSettingsBody,
  type AlertSettingsResponse,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { applyFieldErrors, fieldErrorText } from '@/backoffice/lib/errors';
import { alertsQueryOptions } from '@/backoffice/features/alerts/api/get-alerts';
import { useTestAlert } from '@/backoffice/features/alerts/api/test-alert';
import { useUpdateAlerts } from '@/backoffice/features/alerts/api/update-alerts';

interface ChannelForm {
  on: boolean;
  recipient: string;
  /** empty: keep the token set */
  token: string;
}
interface AlertsForm {
  language: AlertLanguage;
  events: AlertEvent[];
  withdrawalOverLak: string;
  withdrawalWaitMinutes: string;
  telegram: ChannelForm;
  line: ChannelForm;
}

const formOf = (data: AlertSettingsResponse): AlertsForm => ({
  language: data.language,
  events: data.events,
  withdrawalOverLak: data.withdrawalOverLak ?? '',
  withdrawalWaitMinutes: data.withdrawalWaitMinutes === null ? '' : String(data.withdrawalWaitMinutes),
  telegram: { on: data.telegram !== null, recipient: data.telegram?.recipient ?? '', token: '' },
  line: { on: data.line !== null, recipient: data.line?.recipient ?? '', token: '' },
});

/** the form as the API takes it: empty is none, an unchecked channel is removed, an empty token kept */
const bodyOf = (v: AlertsForm) => {
  const channel = (c: ChannelForm) => (c.on ? { recipient: c.recipient, ...(c.token.trim() ? { token: c.token } : {}) } : null);
  const minutes = v.withdrawalWaitMinutes.trim();
  return {
    language: v.language,
    events: v.events,
    withdrawalOverLak: v.withdrawalOverLak.trim() || null,
    withdrawalWaitMinutes: minutes === '' ? null : Number(minutes),
    telegram: channel(v.telegram),
    line: channel(v.line),
  };
};

/** A channel's fields and its "send a test" (on the saved channel). */
function ChannelCard({ channel, data, form }: { channel: AlertChannel; data: AlertSettingsResponse; form: UseFormReturn<AlertsForm> }) {
  const { t } = useTranslation('alerts');
  const saved = data[channel];
  const on = useWatch({ control: form.control, name: `${channel}.on` });
  const test = useTestAlert(channel);
  const errorOf = (path: FieldPath<AlertsForm>) => fieldErrorText(t, form.getFieldState(path, form.formState).error?.message);
  return (
    <Card className="flex flex-col gap-3" data-testid={`channel-${channel}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle className="mb-1 text-base">{t(`${channel}.heading`)}</CardTitle>
          <CardDescription>{t(`${channel}.explain`)}</CardDescription>
        </div>
        <span
          className={
            saved
              ? 'rounded bg-emerald-900/60 px-2 py-0.5 text-sm text-emerald-200'
              : 'rounded bg-slate-800 px-2 py-0.5 text-sm text-slate-300'
          }
          data-testid={`${channel}-token-state`}
        >
          {saved ? t('token_set') : t('token_not_set')}
        </span>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" data-testid={`${channel}-on`} {...form.register(`${channel}.on`)} />
        {t('channel_on')}
      </label>
      {on && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t(`${channel}.recipient`)} hint={t(`${channel}.recipient_hint`)} error={errorOf(`${channel}.recipient`)}>
            <Input autoComplete="off" data-testid={`${channel}-recipient`} {...form.register(`${channel}.recipient`)} />
          </Field>
          <Field
            label={t(`${channel}.token`)}
            hint={saved ? t('token_keep') : t(`${channel}.token_hint`)}
            error={errorOf(`${channel}.token`)}
          >
            <Input
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={saved ? '••••••••' : ''}
              data-testid={`${channel}-token`}
              {...form.register(`${channel}.token`)}
            />
          </Field>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!saved}
          loading={test.isPending}
          onClick={() => test.mutate()}
          data-testid={`${channel}-test`}
        >
          {t('test')}
        </Button>
        {!saved && <span className="text-sm text-slate-400">{t('test_after_save')}</span>}
        {test.data && (
          <span
            role="status"
            className={test.data.sent ? 'text-sm text-emerald-300' : 'text-sm text-amber-300'}
            data-testid={`${channel}-test-result`}
          >
            {test.data.sent ? t('test_sent') : t(`problem.${test.data.problem ?? 'unavailable'}`)}
          </span>
        )}
        <CallError error={test.error} testId={`${channel}-test-error`} />
      </div>
    </Card>
  );
}

/** The alert settings (owner; decision 112): events and thresholds, Telegram and LINE, one PUT. */
function AlertsFormView({ data }: { data: AlertSettingsResponse }) {
  const { t } = useTranslation('alerts');
  const update = useUpdateAlerts();
  const [saved, setSaved] = useState(false);
  const form = useForm<AlertsForm>({ defaultValues: formOf(data) });
  const language = useWatch({ control: form.control, name: 'language' });
  const errorOf = (path: FieldPath<AlertsForm>) => fieldErrorText(t, form.getFieldState(path, form.formState).error?.message);
  const submit = form.handleSubmit((values) => {
    // the contracts' own schema first, its message keys on the fields; then the server's
    const parsed = alertSettingsBodySchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(issue.path.join('.') as FieldPath<AlertsForm>, { type: 'schema', message: issue.message });
      return;
    }
    update.mutate(parsed.data as AlertSettingsBody, {
      onSuccess: (answer) => {
        setSaved(true);
        form.reset(formOf(answer));
      },
      onError: (err) => applyFieldErrors(err, form.setError),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" onChange={() => setSaved(false)} data-testid="alerts-form">
      <Card className="flex flex-col gap-4">
        <div>
          <CardTitle className="mb-1 text-base">{t('events.heading')}</CardTitle>
          <CardDescription>{t('events.explain')}</CardDescription>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('events.heading')}</legend>
          {ALERT_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                value={event}
                className="mt-0.5 h-4 w-4 shrink-0"
                data-testid={`event-${event}`}
                {...form.register('events')}
              />
              {t(`events.${event}`)}
            </label>
          ))}
        </fieldset>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('withdrawalOverLak')} hint={t('kip')} error={errorOf('withdrawalOverLak')}>
            <Input inputMode="numeric" data-testid="alerts-over-lak" {...form.register('withdrawalOverLak')} />
          </Field>
          <Field label={t('withdrawalWaitMinutes')} hint={t('minutes')} error={errorOf('withdrawalWaitMinutes')}>
            <Input inputMode="numeric" data-testid="alerts-wait-minutes" {...form.register('withdrawalWaitMinutes')} />
          </Field>
          <Field label={t('language')} className="sm:max-w-xs">
            <Select
              value={language}
              onValueChange={(v) => form.setValue('language', v as AlertLanguage, { shouldDirty: true })}
              options={ALERT_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            />
          </Field>
        </div>
      </Card>
      {ALERT_CHANNELS.map((channel) => (
        <ChannelCard key={channel} channel={channel} data={data} form={form} />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending} data-testid="alerts-save">
          {t('save')}
        </Button>
        {saved && (
          <span className="text-sm text-emerald-300" role="status" data-testid="alerts-saved">
            {t('saved')}
          </span>
        )}
        <CallError error={update.error} testId="alerts-error" />
      </div>
    </form>
  );
}

/** Staff alerts (owner): where they go, on which events. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const alerts = useQuery(alertsQueryOptions());
  return (
    <section className="flex flex-col gap-4" data-testid="alerts-page">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        <p className="text-sm text-slate-400">{t('explain')}</p>
      </div>
      {alerts.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : alerts.isError ? (
        <CallError error={alerts.error} testId="alerts-load-error" />
      ) : (
        <AlertsFormView data={alerts.data} />
      )}
    </section>
  );
}
