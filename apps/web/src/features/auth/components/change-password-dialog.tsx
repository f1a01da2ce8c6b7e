import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CHANGE_MIN, changePasswordBodySchema, type ChangePasswordBody } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { CheckCircleIcon } from '@/components/ui/more-icons';
import { PasswordToggle } from '@/components/ui/password-toggle';
import { Input } from '@/components/ui/input';
import { errorKey, toast } from '@/components/ui/toast-store';
import { agencyInfoQueryOptions } from '@/lib/api/agency-info';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { applyServerFieldErrors } from '../lib/apply-server-errors';
import { fieldErrorText } from '../lib/field-error';

/** SPEC.md §8: the failure toast lasts 5000 ms. */
export const PASSWORD_FAILURE_TOAST_MS = 5000;

const FIELDS = ['currentPassword', 'newPassword', 'confirmNewPassword'] as const;

/**
 * SPEC.md §2, §5, §8: three fields sharing one show/hide toggle, save and close; a success dialog.
 * `required`: staff reset the password (decision 055), so the dialog cannot be closed; its way out is logout.
 */
export default function ChangePasswordDialog({
  open,
  onOpenChange,
  required,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  required?: { onLogout: () => void };
}) {
  const { t } = useTranslation(['auth', 'common']);
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState(false);
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((body) => {
    // SPEC.md §5: submission proceeds only if agency info is loaded
    if (!queryClient.getQueryData(agencyInfoQueryOptions().queryKey)) return;
    change.mutate(body, {
      onSuccess: () => {
        onOpenChange(false);
        setDone(true);
      },
      onError: (err) => {
        // a refusal of one field (the new password equal to the current one) is said at that field
        if (applyServerFieldErrors(err, FIELDS.slice(1), form.setError)) return;
        const incorrect = !(err instanceof ApiError) || err.code === 'PASSWORD_INCORRECT';
        toast({
          variant: 'error',
          title: t('password.notification.error'),
          description: incorrect ? t('password.notification.password_is_incorrect') : t(errorKey(err)),
          duration: PASSWORD_FAILURE_TOAST_MS,
        });
      },
    });
  });

  // the session ended with the change: a reload lands on /login (SPEC.md §4)
  const reload = () => window.location.reload();

  return (
    <>
      <Dialog open={open && !done} onOpenChange={required ? () => {} : onOpenChange}>
        <DialogContent
          title={t('password.change.title')}
          description={t(required ? 'password.change.required_description' : 'password.change.description')}
          showClose={false}
          returnFocusTo='[data-testid="user-menu"]'
        >
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="change-password-form">
            {FIELDS.map((name) => (
              <Field key={name} label={t(`password.change.${name}`)} error={fieldErrorText(t, errors[name], { min: PASSWORD_CHANGE_MIN })}>
                <Input
                  type={visible ? 'text' : 'password'}
                  autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
                  {...form.register(name)}
                />
              </Field>
            ))}
            <PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
            <DialogFooter className="mt-2">
              {required ? (
                <Button variant="outline" onClick={required.onLogout}>
                  {t('password.change.required_logout')}
                </Button>
              ) : (
                <DialogClose asChild>
                  <Button variant="outline">{t('common:actions.close')}</Button>
                </DialogClose>
              )}
              <Button type="submit" loading={change.isPending}>
                {t('common:actions.save')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <Dialog open={done} onOpenChange={(o) => !o && reload()}>
        <DialogContent title={t('password.change.success_title')} showClose={false}>
          <div className="flex flex-col items-center gap-3 text-center" data-testid="password-changed">
            <CheckCircleIcon className="h-16 w-16 text-emerald-400" />
            <p className="text-base text-slate-100">{t('password.change.success')}</p>
          </div>
          <DialogFooter>
            <Button onClick={reload} className="w-full sm:w-auto">
              {t('common:actions.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
