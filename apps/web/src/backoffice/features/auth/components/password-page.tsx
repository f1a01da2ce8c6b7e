import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STAFF_PASSWORD_MIN } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '@/backoffice/features/auth/api/change-password';
import { CallError } from '@/backoffice/components/call-error';

interface Form {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** The staff member's own account: change the password (the other sessions end). */
export function MyAccount() {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const form = useForm<Form>({ defaultValues: { currentPassword: '', newPassword: '', confirm: '' } });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => form.reset() }),
  );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">{t('password.page')}</h1>
      <Card className="w-full max-w-md">
        <CardTitle>{t('password.heading')}</CardTitle>
        <CardDescription className="mb-4">{t('password.hint')}</CardDescription>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="staff-password-form">
          <Field label={t('password.current')} error={errors.currentPassword && t('login.required')}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword', { required: true })} />
          </Field>
          <Field label={t('password.new')} error={errors.newPassword && t('password.too_short', { min: STAFF_PASSWORD_MIN })}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register('newPassword', { required: true, minLength: STAFF_PASSWORD_MIN })}
            />
          </Field>
          <Field label={t('password.confirm')} error={errors.confirm && t('password.mismatch')}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register('confirm', { validate: (v, all) => v === all.newPassword })}
            />
          </Field>
          <CallError error={change.error} />
          {change.isSuccess && (
            <p role="status" className="text-sm text-emerald-300" data-testid="staff-password-changed">
              {t('password.changed')}
            </p>
          )}
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
