import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StaffLoginBody } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { meQueryOptions } from '@/backoffice/features/auth/api/get-me';
import { useSecondFactor } from '@/backoffice/features/auth/api/second-factor';
import { useStaffLogin } from '@/backoffice/features/auth/api/login';
import { ENROL_PATH } from '@/backoffice/lib/screens';
import { CallError } from '@/backoffice/components/call-error';

/**
 * Sign-in: the password, then the 6-digit code of the authenticator app or a recovery code
 * (decision 049). A session that knows only the password (a reload in between) starts at the code.
 */
export function StaffLogin() {
  const me = useQuery({ ...meQueryOptions, retry: false });
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const atCode = asked || me.data?.secondFactor.state === 'REQUIRED';
  const done = (state: string) => {
    if (state === 'ENROL') void navigate({ to: ENROL_PATH });
    else if (state === 'REQUIRED') setAsked(true);
    else void navigate({ to: '/' });
  };
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-8">
      {atCode ? <CodeStep onPassed={() => done('PASSED')} /> : <PasswordStep onSignedIn={done} />}
    </main>
  );
}

function PasswordStep({ onSignedIn }: { onSignedIn: (state: string) => void }) {
  const { t } = useTranslation('auth');
  const login = useStaffLogin();
  const form = useForm<StaffLoginBody>({ defaultValues: { username: '', password: '' } });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((body) => login.mutate(body, { onSuccess: (me) => onSignedIn(me.secondFactor.state) }));
  return (
    <Card className="w-full max-w-sm">
      <CardTitle className="mb-4">{t('login.heading')}</CardTitle>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="staff-login-form">
        <Field label={t('login.username')} error={errors.username && t('login.required')}>
          <Input autoComplete="username" autoCapitalize="none" {...form.register('username', { required: true })} />
        </Field>
        <Field label={t('login.password')} error={errors.password && t('login.required')}>
          <Input type="password" autoComplete="current-password" {...form.register('password', { required: true })} />
        </Field>
        <CallError error={login.error} testId="staff-login-error" />
        <Button type="submit" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </Card>
  );
}

function CodeStep({ onPassed }: { onPassed: () => void }) {
  const { t } = useTranslation('auth');
  const pass = useSecondFactor();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const pattern = recovery ? /^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/ : /^\d{6}$/;
  const onSubmit = form.handleSubmit(({ code }) => pass.mutate(code.trim(), { onSuccess: onPassed }));
  return (
    <Card className="w-full max-w-sm">
      <CardTitle>{t('code.heading')}</CardTitle>
      <CardDescription className="mb-4">{recovery ? t('code.recovery_hint') : t('code.hint')}</CardDescription>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="staff-code-form">
        <Field label={recovery ? t('code.recovery_label') : t('code.label')} error={form.formState.errors.code && t('code.format')}>
          <Input
            key={recovery ? 'recovery' : 'totp'}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            autoFocus
            className="font-mono text-lg tracking-widest"
            {...form.register('code', { required: true, validate: (v) => pattern.test(v.trim()) })}
          />
        </Field>
        <CallError error={pass.error} testId="staff-code-error" />
        <Button type="submit" loading={pass.isPending}>
          {t('code.submit')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setRecovery(!recovery);
            form.reset({ code: '' });
            pass.reset();
          }}
          data-testid="staff-code-switch"
        >
          {recovery ? t('code.use_app') : t('code.use_recovery')}
        </Button>
      </form>
    </Card>
  );
}
