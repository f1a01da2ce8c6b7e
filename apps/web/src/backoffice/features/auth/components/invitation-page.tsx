import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STAFF_PASSWORD_MIN } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { useAcceptInvitation, useOpenInvitation } from '@/backoffice/features/auth/api/invitation';
import { CallError } from '@/backoffice/components/call-error';
import { RecoveryCodes, TotpSecret } from './second-factor-parts';

interface Form {
  password: string;
  confirm: string;
  code: string;
}

/**
 * The invitation page (`/backoffice/invitation#token`, decision 110): the invited staff member sets
 * their password and enrols their second factor in one step; then ten recovery codes, shown once,
 * and they are signed in. The token stays in the fragment: no request line or log carries it.
 */
export function Invitation() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.slice(1));
  const open = useOpenInvitation();
  const accept = useAcceptInvitation();
  const form = useForm<Form>({ defaultValues: { password: '', confirm: '', code: '' } });
  const errors = form.formState.errors;
  const { mutate: load } = open;
  useEffect(() => load(token), [load, token]);

  if (accept.data) return <RecoveryCodes codes={accept.data.recoveryCodes} onDone={() => void navigate({ to: '/' })} />;

  if (open.isError)
    return (
      <main className="flex flex-1 items-start justify-center px-4 py-8">
        <Card className="w-full max-w-md" data-testid="staff-invitation">
          <CardTitle>{t('invitation.heading')}</CardTitle>
          <CallError error={open.error} className="mt-2" testId="staff-invitation-error" />
        </Card>
      </main>
    );

  const invited = open.data;
  const onSubmit = form.handleSubmit(({ password, code }) => accept.mutate({ token, password, code: code.trim() }));
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-8">
      <Card className="w-full max-w-md" data-testid="staff-invitation">
        <CardTitle>{t('invitation.heading')}</CardTitle>
        {invited && (
          <CardDescription className="mb-4">
            {t('invitation.hint', {
              username: invited.username,
              role: t(`common:roles.${invited.role}`),
              until: formatDateTime(invited.expiresAt),
            })}
          </CardDescription>
        )}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="staff-invitation-form">
          {/* the username, for the browser's password manager to save with the new password */}
          <input type="hidden" autoComplete="username" value={invited?.username ?? ''} readOnly />
          <Field label={t('invitation.password')} error={errors.password && t('password.too_short', { min: STAFF_PASSWORD_MIN })}>
            <Input
              type="password"
              autoComplete="new-password"
              disabled={!invited}
              {...form.register('password', { required: true, minLength: STAFF_PASSWORD_MIN })}
            />
          </Field>
          <Field label={t('invitation.confirm')} error={errors.confirm && t('password.mismatch')}>
            <Input
              type="password"
              autoComplete="new-password"
              disabled={!invited}
              {...form.register('confirm', { validate: (v, all) => v === all.password })}
            />
          </Field>
          <p className="text-sm text-slate-300">{t('enrol.hint')}</p>
          <TotpSecret data={invited} error={null} />
          <Field label={t('code.label')} error={errors.code && t('code.format')}>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              className="font-mono text-lg tracking-widest"
              disabled={!invited}
              {...form.register('code', { required: true, validate: (v) => /^\d{6}$/.test(v.trim()) })}
            />
          </Field>
          <CallError error={accept.error} testId="staff-invitation-accept-error" />
          <Button type="submit" loading={accept.isPending} disabled={!invited}>
            {t('invitation.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
