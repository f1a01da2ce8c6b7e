import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { DEFAULT_AGENCY_SETTINGS, registerBodySchema, usernameSchema, type RegisterBody } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordToggle } from '@/components/ui/password-toggle';
import { errorKey, toast } from '@/components/ui/toast-store';
import { collectFingerprint } from '@/lib/fingerprint/collect';
import { useRegister } from '../api/register';
import { applyServerFieldErrors } from '../lib/apply-server-errors';
import { fieldErrorText } from '../lib/field-error';
import { useUsernameCheck } from '../lib/use-username-check';
import { AuthCard } from './auth-card';

// The agency's own bounds are applied by the server (and by the live check); these are DESIGN.md §2's defaults.
const BOUNDS = DEFAULT_AGENCY_SETTINGS;
const schema = registerBodySchema(BOUNDS);
const localUsername = usernameSchema(BOUNDS.usernameMin, BOUNDS.usernameMax);
const FIELDS = ['username', 'password', 'confirmPassword', 'fingerprint'] as const;
const USERNAME_PARAMS = { min: BOUNDS.usernameMin, max: BOUNDS.usernameMax };
const PASSWORD_PARAMS = { min: BOUNDS.passwordMin, max: BOUNDS.passwordMax };

export function RegisterForm() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterBody>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', confirmPassword: '', fingerprint: '' },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const [visible, setVisible] = useState(false);
  const username = useWatch({ control: form.control, name: 'username' });
  const check = useUsernameCheck(username, localUsername.safeParse(username).success);

  useEffect(() => {
    let live = true;
    void collectFingerprint().then((fp) => live && form.setValue('fingerprint', fp.fingerprint));
    return () => {
      live = false;
    };
  }, [form]);

  const onSubmit = form.handleSubmit((body) =>
    register.mutate(body, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('register.success') });
        void navigate({ to: '/player' });
      },
      onError: (err) => {
        applyServerFieldErrors(err, FIELDS, form.setError);
        const taken = err instanceof ApiError && err.code === 'USERNAME_EXIST';
        toast({
          variant: 'error',
          title: t('register.error'),
          description: taken ? `${t('errors:USERNAME_EXIST')}. ${t('register.contact_admin')}` : t(errorKey(err)),
        });
      },
    }),
  );

  const usernameError =
    fieldErrorText(t, errors.username, USERNAME_PARAMS) ?? (check.status === 'unavailable' ? t(check.reason, USERNAME_PARAMS) : undefined);
  const usernameHint =
    check.status === 'checking' ? (
      t('register.checking')
    ) : check.status === 'available' ? (
      <span className="text-emerald-300">{t('register.available')}</span>
    ) : (
      t('register.username_hint', USERNAME_PARAMS)
    );

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.have_account')}{' '}
          <Link to="/login" className="font-semibold text-amber-300 underline-offset-4 hover:underline">
            {t('register.login_link')}
          </Link>
        </>
      }
    >
      {/* post: the page is prerendered (docs/decisions/020), so a submit before the script has run is the
          browser's own; it must never put the password in the URL (the server answers it with the page) */}
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="register-form">
        <Field label={t('register.username')} error={usernameError} hint={usernameError ? undefined : usernameHint}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        </Field>
        <Field
          label={t('register.password')}
          error={fieldErrorText(t, errors.password, PASSWORD_PARAMS)}
          hint={t('register.password_hint', PASSWORD_PARAMS)}
        >
          <Input type={visible ? 'text' : 'password'} autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label={t('register.confirm_password')} error={fieldErrorText(t, errors.confirmPassword, PASSWORD_PARAMS)}>
          <Input type={visible ? 'text' : 'password'} autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
        {errors.fingerprint && (
          <p role="alert" className="text-sm text-red-300">
            {fieldErrorText(t, errors.fingerprint)}
          </p>
        )}
        <Button type="submit" size="lg" loading={register.isPending} className="mt-2 w-full">
          {t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
