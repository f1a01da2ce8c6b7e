import { createRoute, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StaffLoginBody } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { staffErrorKey } from '../lib/errors';
import { useStaffLogin } from '../lib/queries';
import { rootRoute } from './__root';

export const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: StaffLogin });

/** The staff login (POST /api/v2/backoffice/login): on success, the queue. */
function StaffLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useStaffLogin();
  const form = useForm<StaffLoginBody>({ defaultValues: { username: '', password: '' } });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((body) => login.mutate(body, { onSuccess: () => void navigate({ to: '/' }) }));
  return (
    <Card className="mx-auto mt-8 w-full max-w-sm">
      <CardTitle className="mb-4">{t('login.heading')}</CardTitle>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="staff-login-form">
        <Field label={t('login.username')} error={errors.username && t('login.required')}>
          <Input autoComplete="username" {...form.register('username', { required: true })} />
        </Field>
        <Field label={t('login.password')} error={errors.password && t('login.required')}>
          <Input type="password" autoComplete="current-password" {...form.register('password', { required: true })} />
        </Field>
        {login.isError && (
          <p role="alert" className="text-sm text-red-300" data-testid="staff-login-error">
            {t(staffErrorKey(login.error))}
          </p>
        )}
        <Button type="submit" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </Card>
  );
}
