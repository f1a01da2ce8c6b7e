import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AddBankAccountForm } from '@app/contracts';
import { BANK_ACCOUNT_CURRENCY, BANK_ACCOUNT_LENGTHS, BANK_CODES } from '@app/contracts/banks';
import { BankLogo } from '@/components/ui/bank-logo';
import { Button } from '@/components/ui/button';
import { Card, CardDescription } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { toastError, toastSuccess } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useAddBankAccount } from '../api/add-bank-account';

// zod and the schemas arrive on the form's first focus or validation, not before it can paint (docs/decisions/180)
const validation = lazyResolver(() => import('../lib/bank-account-resolver').then((m) => m.bankAccountResolver));

const FIELDS = ['bank', 'accountNumber', 'accountName', 'currency', 'owner'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/**
 * SPEC.md §3 and §5: bank, account number, account name, currency (LAK only) and the owner
 * confirmation, checked by the same rules the server applies; the server's refusals land on
 * their field and in a toast.
 */
export function BankAccountForm({ onAdded }: { onAdded?: () => void }) {
  const { t } = useTranslation(['wallet', 'common']);
  const form = useForm<AddBankAccountForm>({
    resolver: validation.resolver,
    defaultValues: { accountNumber: '', accountName: '', currency: BANK_ACCOUNT_CURRENCY, owner: false },
  });
  const errors = form.formState.errors;
  const bank = useWatch({ control: form.control, name: 'bank' });
  // the digit counts the chosen bank issues, named before typing and in the error
  const lengths = bank
    ? {
        bank: t(`common:banks.${bank}`),
        lengths: BANK_ACCOUNT_LENGTHS[bank].join(', ').replace(/, (\d+)$/, ` ${t('bank.or')} $1`),
      }
    : undefined;
  const text = (name: FieldName) => {
    const key = errors[name]?.message;
    return key ? t(key, { defaultValue: t('bank.add_failed'), ...lengths }) : undefined;
  };

  const add = useAddBankAccount({
    onSuccess: () => {
      toastSuccess(t('bank.added'));
      onAdded?.();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        for (const [name, key] of Object.entries(err.fields)) if (isField(name)) form.setError(name, { message: key });
      }
      toastError(err, t('bank.add_failed'));
    },
  });

  const onSubmit = form.handleSubmit((values) => add.mutate({ ...values, owner: true }));

  return (
    <Card>
      <CardDescription className="mb-4">{t('bank.intro')}</CardDescription>
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="flex flex-col gap-4" data-testid="bank-account-form">
        <SelectField
          control={form.control}
          name="bank"
          label={t('bank.bank')}
          error={text('bank')}
          options={BANK_CODES.map((bank) => ({
            value: bank,
            label: t(`common:banks.${bank}`),
            icon: <BankLogo bank={bank} className="h-6 w-6" />,
          }))}
        />
        <Field
          label={t('bank.account_number')}
          hint={
            <>
              {lengths && (
                <span className="block font-medium text-slate-300" data-testid="account-number-lengths">
                  {t('bank.account_number_lengths', lengths)}
                </span>
              )}
              {t('bank.account_number_hint')}
            </>
          }
          error={text('accountNumber')}
        >
          <Input inputMode="numeric" autoComplete="off" {...form.register('accountNumber')} />
        </Field>
        <Field label={t('bank.account_name')} error={text('accountName')}>
          <Input autoComplete="name" {...form.register('accountName')} />
        </Field>
        <SelectField
          control={form.control}
          name="currency"
          label={t('bank.currency')}
          error={text('currency')}
          options={[{ value: BANK_ACCOUNT_CURRENCY, label: t('bank.currency_lak') }]}
        />
        <div className="flex flex-col gap-1.5">
          <label className="flex items-start gap-3 text-sm text-slate-200">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-amber-400"
              aria-invalid={errors.owner ? true : undefined}
              aria-describedby={errors.owner ? 'bank-owner-error' : undefined}
              {...form.register('owner')}
            />
            {t('bank.owner')}
          </label>
          {errors.owner && (
            <p id="bank-owner-error" role="alert" className="text-sm text-red-300">
              {text('owner')}
            </p>
          )}
        </div>
        <Button type="submit" loading={add.isPending} className="mt-2">
          {t('bank.submit')}
        </Button>
      </form>
    </Card>
  );
}
