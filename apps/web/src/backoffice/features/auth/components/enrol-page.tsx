import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useConfirmEnrolment } from '@/backoffice/features/auth/api/confirm-enrolment';
import { useStartEnrolment } from '@/backoffice/features/auth/api/start-enrolment';
import { CallError } from '@/backoffice/components/call-error';
import { RecoveryCodes, TotpSecret } from './second-factor-parts';

/**
 * Enrolment with the password alone (decision 049), for the demo seed's owner only; everyone else
 * is refused here with the reason (STAFF_ENROL_BY_INVITATION) and enrols through an invitation
 * (decision 110). A new secret as a QR code and as text, confirmed by one code; then ten recovery
 * codes, shown this once.
 */
export function Enrol() {
  const { t } = useTranslation('auth');
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const navigate = useNavigate();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={() => void navigate({ to: '/' })} />;

  const onSubmit = form.handleSubmit(({ code }) => confirm.mutate(code.trim()));
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-8">
      <Card className="w-full max-w-md" data-testid="staff-enrol">
        <CardTitle>{t('enrol.heading')}</CardTitle>
        <CardDescription className="mb-4">{t('enrol.hint')}</CardDescription>
        <TotpSecret data={start.data} error={start.error} />
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
