import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { createDepositSchema, type CreateDepositBody, type DepositOrder } from '@app/contracts';
import { BankLogo, BANKS } from '@/components/ui/bank-logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ProviderSelectField } from '@/components/ui/provider-select-field';
import { errorKey, toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useCurrencies } from '@/lib/api/get-currencies';
import { useCreateDeposit } from '../api/mutations';
import { creditPreview, newAttemptKey, normaliseAmount } from '../lib/credit-preview';

const FIELDS = ['providerId', 'mid', 'bank', 'amount'] as const;

/** Provider, currency/MID, bank and amount, with the credit the amount buys at today's rate, live. */
export function DepositForm({ onCreated, onOpenElsewhere }: { onCreated: (order: DepositOrder) => void; onOpenElsewhere: () => void }) {
  const { t } = useTranslation(['deposit', 'common', 'wallet', 'errors']);
  const currencies = useCurrencies();
  const create = useCreateDeposit();
  // one key per filled-in form: a double tap or a retry opens one order
  const [attempt, setAttempt] = useState(() => newAttemptKey());
  const rows = useMemo(() => (currencies.data ?? []).filter((c) => c.mid !== null && c.currency === 'LAK'), [currencies.data]);
  const form = useForm<CreateDepositBody>({
    resolver: zodResolver(createDepositSchema),
    defaultValues: { providerId: 'gclub', mid: '', bank: 'bcel', amount: '' },
    mode: 'onTouched',
  });
  const firstMid = rows[0]?.mid;
  useEffect(() => {
    // the agency's first currency is the usual choice; the player may pick another
    if (firstMid && !form.getValues('mid')) form.setValue('mid', firstMid);
  }, [firstMid, form]);
  const errors = form.formState.errors;
  const [mid, amount] = useWatch({ control: form.control, name: ['mid', 'amount'] });
  const rate = rows.find((r) => r.mid === mid);
  const credit = creditPreview(amount, rate);

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(
      { body, key: attempt },
      {
        onSuccess: ({ order }) => {
          setAttempt(newAttemptKey());
          onCreated(order);
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const field of FIELDS) if (err.fields[field]) form.setError(field, { type: 'server', message: errorKey(err) });
            // a refusal is final for this form's content; a new submit is a new attempt
            if (err.status < 500) setAttempt(newAttemptKey());
            // opened in another tab or device: show that order instead
            if (err.code === 'DEPOSIT_OPEN_ORDER_EXISTS') onOpenElsewhere();
          }
          toast({ variant: 'error', title: t('form.error'), description: t(errorKey(err)) });
        },
      },
    ),
  );

  const message = (field: (typeof FIELDS)[number]) => {
    const m = errors[field]?.message;
    if (!m) return undefined;
    return m.startsWith('errors:') ? t(m) : t(`validation.${field}`);
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="deposit-form">
        <ProviderSelectField control={form.control} name="providerId" label={t('form.provider')} error={message('providerId')} />
        <Controller
          control={form.control}
          name="mid"
          render={({ field }) => (
            <Field label={t('form.currency')} error={message('mid')}>
              <Select
                ref={field.ref}
                value={field.value || undefined}
                onValueChange={field.onChange}
                disabled={currencies.isPending}
                options={rows.map((r) => ({ value: r.mid!, label: r.displayName }))}
              />
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="bank"
          render={({ field }) => (
            <Field label={t('form.bank')} error={message('bank')}>
              <Select
                ref={field.ref}
                value={field.value}
                onValueChange={field.onChange}
                options={BANKS.map((b) => ({ value: b, label: t(`common:banks.${b}`), icon: <BankLogo bank={b} className="h-6 w-6" /> }))}
              />
            </Field>
          )}
        />
        <Field
          label={t('form.amount')}
          error={message('amount')}
          hint={
            <span data-testid="credit-preview">
              {credit === null
                ? t('form.credit_hint')
                : t('form.credit', { credit: formatMoney(credit, 'THB'), rate: rate?.sellRate ?? '' })}
            </span>
          }
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="100000"
            {...form.register('amount', { setValueAs: (v: string) => normaliseAmount(v) })}
          />
        </Field>
        <Button type="submit" size="lg" loading={create.isPending} className="mt-2 w-full">
          {t('form.submit')}
        </Button>
      </form>
    </Card>
  );
}
