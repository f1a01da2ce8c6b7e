import { useCallback, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CreateWithdrawalBody, ProviderId, Withdrawal } from '@app/contracts';
import { BankLogo } from '@/components/ui/bank-logo';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ProviderSelectField } from '@/components/ui/provider-select-field';
import { Spinner } from '@/components/ui/spinner';
import { errorKey, toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { boundsText, useAmountBounds } from '@/lib/amount-limits';
import { useCredit } from '@/lib/api/get-credit';
import { formatMoney } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { bankAccountsQueryOptions } from '@/lib/api/get-bank-accounts';
import { ProviderCredit } from '@/components/ui/provider-credit';
import { useCurrencies } from '@/lib/api/get-currencies';
import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { useCreateWithdrawal } from '../api/mutations';
import { useDefaultToHoldingProvider } from '../lib/holding-provider';
import { dailyCapParams, isDailyCapKey } from '../lib/daily-cap';
import { lakPreview, newAttemptKey, promotionSplitPreview } from '../lib/preview';
import type { WithdrawFormInput } from '../lib/withdraw-resolver';
import { SplitPreview } from './split-preview';

const RANGE = 'withdraw:validation.amount_range';
const OVER_CREDIT = 'withdraw:validation.over_credit';
/** The amount's errors: outside the agency's bounds, over the credit at the provider; their texts name them. */
const ERRORS = { range: RANGE, overCredit: OVER_CREDIT };

/** Provider, its credit now, amount, and what arrives in kip at today's buy rate in which account. */
export function WithdrawForm({ onCreated }: { onCreated: (w: Withdrawal) => void }) {
  const { t } = useTranslation(['withdraw', 'common', 'wallet', 'errors']);
  const bank = useQuery({ ...bankAccountsQueryOptions(), select: (d) => d.bankAccounts[0] ?? null });
  const currencies = useCurrencies();
  const create = useCreateWithdrawal();
  const [attempt, setAttempt] = useState(() => newAttemptKey());
  const bounds = useAmountBounds('withdraw');
  const [credit, setCredit] = useState<string>();
  // the numbers of a daily cap's refusal, for the amount's message
  const [capFields, setCapFields] = useState<Record<string, string>>({});
  // zod and the schemas arrive on the form's first focus or validation, not before it can paint (docs/decisions/180)
  const validation = useMemo(
    () => lazyResolver(() => import('../lib/withdraw-resolver').then((m) => m.withdrawResolver(bounds, credit, ERRORS))),
    [bounds, credit],
  );
  const form = useForm<WithdrawFormInput, unknown, CreateWithdrawalBody>({
    resolver: validation.resolver,
    defaultValues: { providerId: 'gclub', amount: '' },
    mode: 'onTouched',
  });
  const [providerId, amount] = useWatch({ control: form.control, name: ['providerId', 'amount'] });
  const { setValue, getFieldState } = form;
  useDefaultToHoldingProvider(
    useCallback((p: ProviderId) => setValue('providerId', p), [setValue]),
    useCallback(() => getFieldState('providerId').isDirty, [getFieldState]),
  );
  const creditNow = useCredit(providerId as ProviderId).data?.credit.amount;
  if (creditNow !== credit) setCredit(creditNow);
  const rate = useMemo(() => (currencies.data ?? []).find((c) => c.currency === 'LAK'), [currencies.data]);
  const lak = lakPreview(amount, rate);
  const using = usePromotionUsing();
  const split = promotionSplitPreview(amount, providerId as ProviderId, using.data, rate);

  if (bank.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (!bank.data) {
    return (
      <Card data-testid="withdraw-no-bank">
        <CardTitle>{t('no_bank.title')}</CardTitle>
        <CardDescription className="mb-4">{t('no_bank.description')}</CardDescription>
        <Link to="/player/bank" className={buttonClass('primary', 'md')}>
          {t('no_bank.link')}
        </Link>
      </Card>
    );
  }
  const account = bank.data;

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(
      { body, key: attempt },
      {
        onSuccess: ({ withdrawal }) => {
          setAttempt(newAttemptKey());
          if (withdrawal.status === 'FAILED') toast({ variant: 'error', title: t('form.error'), description: t('result.failed') });
          else toast({ variant: 'success', title: t('result.submitted') });
          onCreated(withdrawal);
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const field of ['providerId', 'amount'] as const)
              if (err.fields[field]) form.setError(field, { type: 'server', message: serverMessage(err) });
            if (isDailyCapKey(errorKey(err))) {
              setCapFields(err.fields);
              form.setError('amount', { type: 'server', message: errorKey(err) });
              toast({ variant: 'error', title: t('form.error'), description: t(errorKey(err), dailyCapParams(errorKey(err), err.fields)) });
              setAttempt(newAttemptKey());
              return;
            }
            if (err.status < 500) setAttempt(newAttemptKey());
          }
          toast({ variant: 'error', title: t('form.error'), description: text(serverMessage(err)) });
        },
      },
    ),
  );
  // the range and credit refusals name their numbers, from the client's check as from the server's
  const serverMessage = (err: unknown) =>
    err instanceof ApiError && err.code === 'WITHDRAW_AMOUNT_OUT_OF_RANGE'
      ? RANGE
      : err instanceof ApiError && err.code === 'WITHDRAW_INSUFFICIENT_CREDIT' && credit !== undefined
        ? OVER_CREDIT
        : errorKey(err);
  const text = (m: string) =>
    m === RANGE ? t(RANGE, boundsText(bounds)) : m === OVER_CREDIT ? t(OVER_CREDIT, { credit: formatMoney(credit, 'THB') }) : t(m);
  const message = (field: 'providerId' | 'amount') => {
    const m = form.formState.errors[field]?.message;
    if (!m) return undefined;
    if (m === RANGE || m === OVER_CREDIT) return text(m);
    if (isDailyCapKey(m)) return t(m, dailyCapParams(m, capFields));
    return m.startsWith('errors:') ? t(m) : t(`validation.${m.split('.').pop()}`);
  };

  return (
    <Card>
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="flex flex-col gap-4" data-testid="withdraw-form">
        <ProviderSelectField control={form.control} name="providerId" label={t('form.provider')} error={message('providerId')} />
        <ProviderCredit provider={providerId as ProviderId} testId="withdraw-credit">
          {(all) => (
            <Button type="button" variant="outline" size="sm" onClick={() => form.setValue('amount', all, { shouldValidate: true })}>
              {t('form.all')}
            </Button>
          )}
        </ProviderCredit>
        <Field
          label={t('form.amount')}
          error={message('amount')}
          hint={<span data-testid="amount-limits">{t('form.limits', boundsText(bounds))}</span>}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="100.00" {...form.register('amount')} />
        </Field>
        <div className="rounded-lg border border-slate-700 p-3 text-sm" data-testid="withdraw-preview">
          {split ? (
            <SplitPreview split={split} />
          ) : (
            <p className="text-slate-300">
              {lak === null ? t('form.receive_hint') : t('form.receive', { amount: formatMoney(lak, 'LAK'), rate: rate?.buyRate ?? '' })}
            </p>
          )}
          <p className="mt-2 flex items-center gap-2 text-white">
            <BankLogo bank={account.bank} className="h-5 w-5" />
            <span>
              {t(`common:banks.${account.bank}`)} · {account.accountName} · <span className="font-mono">{account.accountNumber}</span>
            </span>
          </p>
        </div>
        <Button type="submit" size="lg" loading={create.isPending} className="mt-2 w-full">
          {t('form.submit')}
        </Button>
      </form>
    </Card>
  );
}
