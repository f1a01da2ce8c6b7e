import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { currencyRatesBodySchema, type CurrencyRatesBody, type StaffCurrency } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors, staffErrorKey } from '@/backoffice/lib/errors';
import { formatDateTime } from '@/lib/format';
import { currenciesQueryOptions } from '@/backoffice/features/rates/api/get-currencies';
import { rateHistoryQueryOptions } from '@/backoffice/features/rates/api/get-rate-history';
import { useUpdateRates } from '@/backoffice/features/rates/api/update-rates';
import { ProviderMaintenanceCard } from './provider-maintenance-card';
import { PendingChange } from './pending-change';
import { RateConfirm } from './rate-confirm';

function History({ id }: { id: string }) {
  const { t } = useTranslation('rates');
  const history = useInfiniteQuery(rateHistoryQueryOptions(id));
  const rows = history.data?.pages.flatMap((p) => p.items) ?? [];
  if (history.isPending) return <Spinner className="h-5 w-5" />;
  if (rows.length === 0) return <p className="text-sm text-slate-400">{t('rates.no_history')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-1 text-sm" data-testid="rate-history">
        {rows.map((h) => (
          <li key={h.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-800 pb-1">
            <span className="text-slate-400">{formatDateTime(h.changedAt)}</span>
            <span className="font-mono">
              {h.previousBuyRate} / {h.previousSellRate} → {h.buyRate} / {h.sellRate}
            </span>
            <span className="text-slate-400">{h.staffUsername}</span>
          </li>
        ))}
      </ul>
      {history.hasNextPage && (
        <Button size="sm" variant="outline" className="self-start" onClick={() => void history.fetchNextPage()}>
          {t('common:actions.more')}
        </Button>
      )}
    </div>
  );
}

/**
 * One currency: buy and sell (buy ≤ sell, the server's rule, shown with the server's field errors), each
 * rate change confirmed in a dialog first; a change waiting for a second staff user; its history.
 */
function CurrencyCard({ currency, boundPercent }: { currency: StaffCurrency; boundPercent: number }) {
  const { t } = useTranslation('rates');
  const update = useUpdateRates(currency.id);
  const [outcome, setOutcome] = useState<'saved' | 'waiting' | null>(null);
  const [asked, setAsked] = useState<CurrencyRatesBody | null>(null);
  const form = useForm<CurrencyRatesBody>({
    resolver: zodResolver(currencyRatesBodySchema),
    defaultValues: { buyRate: currency.buyRate, sellRate: currency.sellRate, isEnabled: currency.isEnabled },
  });
  const errors = form.formState.errors;
  const message = (key?: string) => (key ? t(`rates.validation.${key}`, { defaultValue: t('common:validation.invalid') }) : undefined);
  const save = (body: CurrencyRatesBody) =>
    update.mutate(body, {
      onSuccess: ({ currency: now }) => {
        setAsked(null);
        setOutcome(now.buyRate === body.buyRate && now.sellRate === body.sellRate ? 'saved' : 'waiting');
      },
      onError: (err) => {
        setAsked(null);
        applyFieldErrors(err, form.setError);
      },
    });
  // a change of buy or sell is asked again with its effect; whether players see it alone is saved at once
  const submit = form.handleSubmit((body) =>
    body.buyRate === currency.buyRate && body.sellRate === currency.sellRate ? save(body) : setAsked(body),
  );
  return (
    <Card className="flex min-w-0 flex-col gap-3" data-testid="currency-card" data-code={currency.code}>
      <CardTitle className="text-base">
        {/* in the staff member's language, never the players' display name ("บาท (THB)" in Lao) */}
        {t(`common:currencies.${currency.code}`, { defaultValue: currency.code })}
        {currency.mid && <span className="text-sm text-slate-400"> · {currency.mid}</span>}
      </CardTitle>
      {currency.pending && <PendingChange currencyId={currency.id} pending={currency.pending} />}
      <form onSubmit={submit} noValidate className="grid grid-cols-2 gap-3" onChange={() => setOutcome(null)}>
        <Field label={t('rates.buy')} error={message(errors.buyRate?.message)}>
          <Input inputMode="decimal" {...form.register('buyRate')} />
        </Field>
        <Field label={t('rates.sell')} error={message(errors.sellRate?.message)}>
          <Input inputMode="decimal" {...form.register('sellRate')} />
        </Field>
        <label className="col-span-2 flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" {...form.register('isEnabled')} />
          {t('rates.enabled')}
        </label>
        <div className="col-span-2 flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" loading={update.isPending && asked === null}>
            {t('common:actions.save')}
          </Button>
          {outcome && (
            <span role="status" className={outcome === 'saved' ? 'text-sm text-emerald-300' : 'text-sm text-amber-200'}>
              {t(outcome === 'saved' ? 'rates.saved' : 'rates.waiting')}
            </span>
          )}
          {update.isError && (
            <span role="alert" className="text-sm text-red-300">
              {t(staffErrorKey(update.error))}
            </span>
          )}
        </div>
      </form>
      <RateConfirm
        currency={currency}
        next={asked}
        boundPercent={boundPercent}
        saving={update.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={save}
      />
      <h3 className="text-sm font-semibold text-slate-200">{t('rates.history')}</h3>
      <History id={currency.id} />
    </Card>
  );
}

/** Currencies and rates (finance, owner): kip (or dollars) per 1 baht of credit; the game providers in maintenance. */
export function RatesPage() {
  const { t } = useTranslation('rates');
  const currencies = useQuery(currenciesQueryOptions());
  return (
    <section className="flex flex-col gap-4" data-testid="rates-page">
      <h1 className="text-xl font-bold">{t('rates.heading')}</h1>
      <p className="text-sm text-slate-400">{t('rates.explain')}</p>
      {currencies.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : currencies.isError ? (
        <p role="alert" className="text-red-300">
          {t(staffErrorKey(currencies.error))}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {currencies.data.currencies.map((c) => (
            <CurrencyCard key={c.id} currency={c} boundPercent={currencies.data.rateChangeBoundPercent} />
          ))}
        </div>
      )}
      <ProviderMaintenanceCard />
    </section>
  );
}
