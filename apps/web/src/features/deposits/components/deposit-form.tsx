import { memo, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CreateDepositBody, CurrencyRow, DepositOrder, ProviderId, ProviderMaintenance } from '@app/contracts';
import { BANK_CODES } from '@app/contracts/banks';
import { BankLogo } from '@/components/ui/bank-logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { ProviderCredit } from '@/components/ui/provider-credit';
import { ProviderMaintenanceNotice } from '@/components/ui/provider-maintenance-notice';
import { ProviderSelectField } from '@/components/ui/provider-select-field';
import { errorKey, toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { boundsText, useAmountBounds } from '@/lib/amount-limits';
import { lazyResolver } from '@/lib/lazy-resolver';
import { formatMoney } from '@/lib/format';
import { useScrollIntoView } from '@/lib/use-scroll-into-view';
import { useCurrencies } from '@/lib/api/get-currencies';
import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { useProviderMaintenance } from '@/lib/api/provider-maintenance';
import { useCreateDeposit } from '../api/mutations';
import { depositBonus } from '../lib/bonus-preview';
import { creditPreview, newAttemptKey } from '../lib/credit-preview';
import type { DepositFormInput } from '../lib/deposit-resolver';

/** The amount's error when it is outside the agency's bounds: its text names them. */
const RANGE = 'deposit:validation.amount_range';

const FIELDS = ['providerId', 'mid', 'bank', 'amount'] as const;
const NONE_CLOSED: ProviderMaintenance[] = [];

/** The amount's error when it would pass a deposit limit: its text names the kip still allowed (decision 160). */
const LIMIT = 'errors:DEPOSIT_LIMIT_REACHED';

/** Provider, currency/MID, bank and amount, with the credit the amount buys at today's rate, live. */
export function DepositForm({
  provider = 'gclub',
  afterOrder = false,
  onCreated,
  onOpenElsewhere,
}: {
  provider?: ProviderId;
  /** the form comes back after an order ended (rather than opening the page) */
  afterOrder?: boolean;
  onCreated: (order: DepositOrder) => void;
  onOpenElsewhere: () => void;
}) {
  const { t } = useTranslation(['deposit', 'common', 'wallet', 'errors']);
  const currencies = useCurrencies();
  const create = useCreateDeposit();
  // one key per filled-in form: a double tap or a retry opens one order
  const [attempt, setAttempt] = useState(() => newAttemptKey());
  const bounds = useAmountBounds('deposit');
  // the kip a deposit limit still allows, as the server last answered it
  const [allowed, setAllowed] = useState('0');
  const limitText = (left: string) => t(LIMIT, { allowed: formatMoney(left, 'LAK') });
  // zod and the schemas arrive on the form's first focus or validation, not before it can paint (docs/decisions/076)
  const validation = useMemo(
    () => lazyResolver(() => import('../lib/deposit-resolver').then((m) => m.depositResolver(bounds, RANGE))),
    [bounds],
  );
  const rows = useMemo(() => (currencies.data ?? []).filter((c) => c.mid !== null && c.currency === 'LAK'), [currencies.data]);
  const form = useForm<DepositFormInput, unknown, CreateDepositBody>({
    resolver: validation.resolver,
    defaultValues: { providerId: provider, mid: rows[0]?.mid ?? '', bank: 'bcel', amount: '' },
    mode: 'onTouched',
  });
  const firstMid = rows[0]?.mid;
  useEffect(() => {
    // the agency's first currency is the usual choice; the player may pick another
    if (firstMid && !form.getValues('mid')) form.setValue('mid', firstMid);
  }, [firstMid, form]);
  // a promotion taken (ACTIVE) is deposited with at its provider, for its set amount when it has one (DESIGN.md §8)
  const using = usePromotionUsing();
  const taken = using.data?.usage?.status === 'ACTIVE' ? using.data.usage : null;
  const fixedProvider = taken?.providerId;
  const fixedAmount = taken ? using.data?.promotion?.rules.depositAmount : undefined;
  useEffect(() => {
    if (fixedProvider) form.setValue('providerId', fixedProvider);
    if (fixedAmount !== undefined) form.setValue('amount', fixedAmount);
  }, [fixedProvider, fixedAmount, form]);
  const errors = form.formState.errors;
  // back to the form after an order (canceled, expired, done): in view, not at the footer
  const card = useScrollIntoView<HTMLDivElement>('nearest', afterOrder);
  const [providerId, mid, amount] = useWatch({ control: form.control, name: ['providerId', 'mid', 'amount'] });
  const rate = rows.find((r) => r.mid === mid);
  const credit = creditPreview(amount, rate);
  const bonus = depositBonus(credit, providerId, using.data);
  // a provider in maintenance takes no deposit (decision 175): said at the choice, not after submitting
  const maintenance = useProviderMaintenance();
  // none in maintenance is one constant: the list's arrival then redraws no field (docs/decisions/086)
  const closed = useMemo(() => (maintenance.data?.maintenance.length ? maintenance.data.maintenance : NONE_CLOSED), [maintenance.data]);
  const providerClosed = closed.find((m) => m.provider === providerId);

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
            const range = err.code === 'DEPOSIT_AMOUNT_OUT_OF_RANGE';
            for (const field of FIELDS)
              if (err.fields[field]) form.setError(field, { type: 'server', message: range ? RANGE : errorKey(err) });
            // a refusal is final for this form's content; a new submit is a new attempt
            if (err.status < 500) setAttempt(newAttemptKey());
            // opened in another tab or device: show that order instead
            if (err.code === 'DEPOSIT_OPEN_ORDER_EXISTS') onOpenElsewhere();
            if (err.code === 'DEPOSIT_LIMIT_REACHED') {
              const left = err.fields.allowed ?? '0';
              setAllowed(left);
              form.setError('amount', { type: 'server', message: LIMIT });
              toast({ variant: 'error', title: t('form.error'), description: limitText(left) });
              return;
            }
          }
          const range = err instanceof ApiError && err.code === 'DEPOSIT_AMOUNT_OUT_OF_RANGE';
          toast({ variant: 'error', title: t('form.error'), description: range ? t(RANGE, boundsText(bounds)) : t(errorKey(err)) });
        },
      },
    ),
  );

  const message = (field: (typeof FIELDS)[number]) => {
    const m = errors[field]?.message;
    if (!m) return undefined;
    if (m === RANGE) return t(RANGE, boundsText(bounds));
    if (m === LIMIT) return limitText(allowed);
    return m.startsWith('errors:') ? t(m) : t(`validation.${field}`);
  };

  return (
    <Card ref={card} className="scroll-mt-20">
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="flex flex-col gap-4" data-testid="deposit-form">
        <DepositFields
          control={form.control}
          providerId={providerId as ProviderId}
          providerFixed={fixedProvider !== undefined}
          closed={closed}
          providerClosed={providerClosed}
          amountFixed={fixedAmount !== undefined}
          rows={rows}
          currenciesPending={currencies.isPending}
          providerError={message('providerId')}
          midError={message('mid')}
          bankError={message('bank')}
          amountError={message('amount')}
          limits={t('form.limits', boundsText(bounds))}
          creditText={
            credit === null
              ? t('form.credit_hint')
              : [
                  t('form.credit', { credit: formatMoney(credit, 'THB'), rate: rate?.sellRate ?? '' }),
                  bonus === null ? '' : t('form.bonus', { bonus: formatMoney(bonus, 'THB') }),
                ].join(' ')
          }
        />
        <Button type="submit" size="lg" loading={create.isPending} disabled={providerClosed !== undefined} className="mt-2 w-full">
          {t('form.submit')}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The form's fields, drawn from plain values: the form's own redraws that change none of them (react-hook-form
 * marks itself ready in its mount's layout effect, which redraws the form in the page's first task) skip them.
 */
const DepositFields = memo(function DepositFields({
  control,
  providerId,
  providerFixed,
  closed,
  providerClosed,
  amountFixed,
  rows,
  currenciesPending,
  providerError,
  midError,
  bankError,
  amountError,
  limits,
  creditText,
}: {
  control: Control<DepositFormInput, unknown, CreateDepositBody>;
  providerId: ProviderId;
  providerFixed: boolean;
  closed: ProviderMaintenance[];
  providerClosed: ProviderMaintenance | undefined;
  amountFixed: boolean;
  rows: CurrencyRow[];
  currenciesPending: boolean;
  providerError: string | undefined;
  midError: string | undefined;
  bankError: string | undefined;
  amountError: string | undefined;
  limits: string;
  creditText: string;
}) {
  const { t } = useTranslation(['deposit', 'common', 'wallet']);
  // the page names a currency in the player's language; when several rows share it, each by the name
  // staff gave it (its display name), never by its MID, a code players do not know
  const currencyLabel = (r: CurrencyRow, several: boolean) =>
    `${t(`wallet:currency_names.${r.currency}`)}${several && r.displayName ? ` · ${r.displayName}` : ''}`;
  return (
    <>
      <ProviderSelectField
        control={control}
        name="providerId"
        label={t('form.provider')}
        error={providerError}
        disabled={providerFixed}
        closed={closed.map((m) => m.provider)}
      />
      {providerClosed && <ProviderMaintenanceNotice maintenance={providerClosed} />}
      <ProviderCredit provider={providerId} />
      <SelectField
        control={control}
        name="mid"
        label={t('form.currency')}
        error={midError}
        disabled={currenciesPending}
        options={rows.map((r) => ({ value: r.mid!, label: currencyLabel(r, rows.length > 1) }))}
      />
      <SelectField
        control={control}
        name="bank"
        label={t('form.bank')}
        error={bankError}
        options={BANK_CODES.map((b) => ({ value: b, label: t(`common:banks.${b}`), icon: <BankLogo bank={b} className="h-6 w-6" /> }))}
      />
      <Field
        label={t('form.amount')}
        error={amountError}
        hint={
          <>
            <span className="block font-medium text-slate-300" data-testid="amount-limits">
              {limits}
            </span>
            <span data-testid="credit-preview">{creditText}</span>
          </>
        }
      >
        <Input inputMode="numeric" autoComplete="off" placeholder="100000" readOnly={amountFixed} {...control.register('amount')} />
      </Field>
    </>
  );
});
