import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_LIMIT_PERIODS, type DepositLimit, type DepositLimitPeriod, type PutDepositLimitsBody } from '@app/contracts';
import { parseTypedAmount } from '@app/contracts/amounts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorKey, toast } from '@/components/ui/toast-store';
import { newAttemptKey } from '@/lib/attempt-key';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useSetLimits } from '../api/limit-changes';

type LimitsInput = Record<DepositLimitPeriod, string>;

/** What the player typed → the body: empty is no limit; otherwise whole kip. */
function toBody(input: LimitsInput): PutDepositLimitsBody {
  const body = {} as PutDepositLimitsBody;
  for (const period of DEPOSIT_LIMIT_PERIODS) {
    const read = parseTypedAmount(input[period], 'LAK');
    body[period] = read.ok ? read.value : null;
  }
  return body;
}

/** The limit asked for: the waiting one when there is one, else the one in force. */
const shown = (l: DepositLimit) => (l.pending ? (l.pending.amount ?? '') : (l.amount ?? ''));

/** Deposit limits per day, week and month in kip: lower at once, higher or removed after 24 h (decision 160). */
export function DepositLimitsCard({ limits }: { limits: DepositLimit[] }) {
  const { t } = useTranslation(['limits', 'errors']);
  const save = useSetLimits();
  const [attempt, setAttempt] = useState(newAttemptKey);
  const form = useForm<LimitsInput>({
    values: Object.fromEntries(limits.map((l) => [l.period, shown(l)])) as LimitsInput,
    mode: 'onTouched',
  });
  const validate = (value: string) => {
    if (value.trim() === '') return true;
    const read = parseTypedAmount(value, 'LAK');
    return read.ok || t('limits:deposit.invalid');
  };
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { body: toBody(input), key: attempt },
      {
        onSuccess: (answer) => {
          setAttempt(newAttemptKey());
          const waiting = answer.limits.some((l) => l.pending);
          toast({
            variant: 'success',
            title: t('limits:deposit.saved'),
            description: waiting ? t('limits:deposit.saved_waiting') : undefined,
          });
        },
        onError: (err) => {
          setAttempt(newAttemptKey());
          toast({ variant: 'error', title: t('limits:deposit.not_saved'), description: t(errorKey(err)) });
        },
      },
    ),
  );

  return (
    <Card data-testid="deposit-limits">
      <CardTitle>{t('limits:deposit.title')}</CardTitle>
      <CardDescription>{t('limits:deposit.description')}</CardDescription>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        {limits.map((l) => (
          <Field
            key={l.period}
            label={t(`limits:period.${l.period}`)}
            error={form.formState.errors[l.period]?.message}
            hint={<LimitState limit={l} />}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('limits:deposit.none')}
              data-testid={`limit-${l.period}`}
              {...form.register(l.period, { validate })}
            />
          </Field>
        ))}
        <Button type="submit" size="lg" loading={save.isPending} className="w-full">
          {t('limits:deposit.save')}
        </Button>
      </form>
    </Card>
  );
}

/** In force, used and left this period; a raise or removal waiting, with when it takes effect. */
function LimitState({ limit }: { limit: DepositLimit }) {
  const { t } = useTranslation('limits');
  const kip = (v: string) => formatMoney(v, 'LAK');
  return (
    <span className="flex flex-col gap-0.5" data-testid={`limit-state-${limit.period}`}>
      <span>
        {limit.amount === null
          ? t('deposit.state_none', { used: kip(limit.used) })
          : t('deposit.state', { amount: kip(limit.amount), used: kip(limit.used), remaining: kip(limit.remaining ?? '0') })}
      </span>
      {limit.pending && (
        <span className="text-amber-300">
          {limit.pending.amount === null
            ? t('deposit.pending_removal', { at: formatDateTime(limit.pending.effectiveAt) })
            : t('deposit.pending_raise', { amount: kip(limit.pending.amount), at: formatDateTime(limit.pending.effectiveAt) })}
        </span>
      )}
    </span>
  );
}
