import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { copyText } from '@/lib/copy-text';
import { useConfirmEnrolment } from '@/backoffice/features/auth/api/confirm-enrolment';
import { useStartEnrolment } from '@/backoffice/features/auth/api/start-enrolment';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { CallError } from '@/backoffice/components/call-error';

/** The secret in groups of four, as authenticator apps ask it to be typed. */
const groups = (secret: string) => secret.match(/.{1,4}/g) ?? [];

/**
 * Enrolment (decision 049): a new secret as a QR code of its otpauth:// URI and as text, confirmed
 * by one code from the app; then ten recovery codes, shown this once.
 */
export function Enrol() {
  const { t } = useTranslation('auth');
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const navigate = useNavigate();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const [copied, setCopied] = useState<boolean | null>(null);
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);

  if (confirm.data) {
    const codes = confirm.data.recoveryCodes;
    return (
      <main className="flex flex-1 items-start justify-center px-4 py-8">
        <Card className="w-full max-w-md" data-testid="staff-recovery-codes">
          <CardTitle>{t('enrol.codes_heading')}</CardTitle>
          <CardDescription className="mb-4">{t('enrol.codes_hint')}</CardDescription>
          <ol className="grid grid-cols-2 gap-2 font-mono text-base">
            {codes.map((c) => (
              <li key={c} className="rounded-md bg-slate-800 px-3 py-2 text-center" data-testid="staff-recovery-code">
                {c}
              </li>
            ))}
          </ol>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" className="sm:flex-1" onClick={() => void copyText(codes.join('\n')).then(setCopied)}>
              {t('enrol.copy')}
            </Button>
            <Button className="sm:flex-1" onClick={() => void navigate({ to: '/' })} data-testid="staff-recovery-done">
              {t('enrol.saved')}
            </Button>
          </div>
          {copied !== null && (
            <p role="status" className="mt-2 text-sm text-slate-300">
              {copied ? t('enrol.copied') : t('enrol.copy_failed')}
            </p>
          )}
        </Card>
      </main>
    );
  }

  const onSubmit = form.handleSubmit(({ code }) => confirm.mutate(code.trim()));
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-8">
      <Card className="w-full max-w-md" data-testid="staff-enrol">
        <CardTitle>{t('enrol.heading')}</CardTitle>
        <CardDescription className="mb-4">{t('enrol.hint')}</CardDescription>
        <div className="mx-auto w-full max-w-56 rounded-xl bg-white p-2">
          {start.data ? (
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(start.data.qrSvg)}`}
              alt={t('enrol.qr_alt')}
              className="h-auto w-full"
              data-testid="staff-qr"
            />
          ) : (
            <div className="flex aspect-square items-center justify-center">
              {start.isError ? (
                <span className="text-sm text-red-700">{t(staffErrorKey(start.error))}</span>
              ) : (
                <Spinner className="h-8 w-8" />
              )}
            </div>
          )}
        </div>
        {start.data && (
          <p className="mt-3 text-center text-sm text-slate-300">
            {t('enrol.secret_label')}
            <code
              className="mt-1 flex flex-wrap justify-center gap-x-2 font-mono text-base text-slate-100"
              data-testid="staff-secret"
              data-secret={start.data.secret}
            >
              {/* a line breaks between groups, never inside one */}
              {groups(start.data.secret).map((g, i) => (
                <span key={i}>{g}</span>
              ))}
            </code>
          </p>
        )}
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4" data-testid="staff-enrol-form">
          <Field label={t('code.label')} error={form.formState.errors.code && t('code.format')}>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              className="font-mono text-lg tracking-widest"
              {...form.register('code', { required: true, validate: (v) => /^\d{6}$/.test(v.trim()) })}
            />
          </Field>
          <CallError error={confirm.error} testId="staff-enrol-error" />
          <Button type="submit" loading={confirm.isPending} disabled={!start.data}>
            {t('enrol.confirm')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
