import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorKey, toast } from '@/components/ui/toast-store';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useLogin } from '../api/login';
import { applyServerFieldErrors } from '../lib/apply-server-errors';
import { fieldErrorText } from '../lib/field-error';
import { AuthCard } from './auth-card';

const FIELDS = ['username', 'password'] as const;
const validation = lazyResolver<LoginBody>(() => import('../lib/login-resolver').then((m) => m.loginResolver));

export function LoginForm() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginBody>({ resolver: validation.resolver, defaultValues: { username: '', password: '' }, mode: 'onTouched' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((body) =>
    login.mutate(body, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('login.success') });
        void navigate({ to: '/player' });
      },
      onError: (err) => {
        applyServerFieldErrors(err, FIELDS, form.setError);
        // SPEC.md §8: one message for every failed login ('username or password incorrect')
        toast({ variant: 'error', title: t('login.error'), description: t(errorKey(err)) });
      },
    }),
  );

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.no_account')}{' '}
          <Link to="/register" className="font-semibold text-amber-300 underline-offset-4 hover:underline">
            {t('login.register_link')}
          </Link>
        </>
      }
    >
      {/* post: the page is prerendered (docs/decisions/020), so a submit before the script has run is the
          browser's own; it must never put the password in the URL (the server answers it with the page) */}
      <form
        method="post"
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        className="flex flex-col gap-4"
        data-testid="login-form"
      >
        <Field label={t('login.username')} error={fieldErrorText(t, errors.username)}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        </Field>
        <Field label={t('login.password')} error={fieldErrorText(t, errors.password)}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" size="lg" loading={login.isPending} className="mt-2 w-full">
          {t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
