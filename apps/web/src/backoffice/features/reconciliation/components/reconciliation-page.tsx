import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECONCILIATION_KINDS, type ReconciliationItem, type ReconciliationKind, type ReconciliationSummary } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { CallError } from '@/backoffice/components/call-error';
import { DetailRow } from '@/backoffice/components/detail-row';
import { MoreButton } from '@/backoffice/components/more-button';
import { differencesQueryOptions } from '@/backoffice/features/reconciliation/api/get-differences';
import { reconciliationSummaryQueryOptions } from '@/backoffice/features/reconciliation/api/get-summary';
import { useDifferenceAction, useRunReconciliation } from '@/backoffice/features/reconciliation/api/reconciliation-action';
import { formatDateTime, formatMoney } from '@/lib/format';

/** a note's length: the contracts' limit */
const NOTE_MAX = 500;
const KIND_TONE: Record<ReconciliationKind, 'red' | 'yellow' | 'blue'> = {
  NOT_CREDITED: 'red',
  UNKNOWN_AT_BANK: 'yellow',
  AMOUNT_DIFFERS: 'blue',
  NOT_AT_PROVIDER: 'red',
  BALANCE_DIFFERS: 'red',
  NOT_IN_LEDGER: 'yellow',
};
const kip = (v: string | null, none: string) => (v === null ? none : formatMoney(v, 'LAK'));
const money = (v: string | null, currency: string, none: string) => (v === null ? none : formatMoney(v, currency));

/** The bank (its code) or the provider (its name) a difference or a run is with. */
function useCounterpart() {
  const { t } = useTranslation('reconciliation');
  return (c: { bank: string | null; provider: string | null }) =>
    c.bank !== null ? c.bank.toUpperCase() : t(`common:providers.${c.provider}`, { defaultValue: c.provider ?? '' });
}

/** A payment the bank has and we do not: asked of the bank again, through the deposit's own confirmation. */
function ConfirmAction({ item }: { item: ReconciliationItem }) {
  const { t } = useTranslation('reconciliation');
  const act = useDifferenceAction(item.id);
  const amount = kip(item.bankAmountLak, '');
  return (
    <ActionDialog
      label={t('confirm.button')}
      testId="reconciliation-confirm"
      title={t('confirm.title', { reference: item.bankReference })}
      confirmText={() => t(item.depositId ? 'confirm.for_order' : 'confirm.no_order', { amount, code: item.transactionCode ?? '' })}
      confirmLabel={t('confirm.do')}
      mutation={act}
      run={() => act.mutateAsync({ action: 'confirm' })}
    />
  );
}

/** Closed with a note of what staff did outside (nothing moves). */
function ResolveAction({ item }: { item: ReconciliationItem }) {
  const { t } = useTranslation('reconciliation');
  const act = useDifferenceAction(item.id);
  return (
    <ActionDialog
      label={t('resolve.button')}
      variant="outline"
      testId="reconciliation-resolve"
      title={t('resolve.title', { reference: item.bankReference })}
      description={t('resolve.hint')}
      input={{ label: t('resolve.field'), maxLength: NOTE_MAX, required: t('resolve.required') }}
      confirmText={(note) => t('resolve.confirm', { note })}
      confirmLabel={t('resolve.do')}
      mutation={act}
      run={(note) => act.mutateAsync({ action: 'resolve', note })}
    />
  );
}

function DifferenceCard({ item }: { item: ReconciliationItem }) {
  const { t } = useTranslation('reconciliation');
  const counterpart = useCounterpart();
  const none = t('none');
  const atProvider = item.provider !== null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-4" data-testid="reconciliation-item" data-kind={item.kind} data-id={item.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm text-slate-300">{item.bankReference}</p>
          <p className="truncate text-base font-semibold text-white">{item.playerUsername ?? item.transactionCode ?? t('no_order')}</p>
          <p className="text-sm text-slate-400">
            {counterpart(item)} · {formatDateTime(item.paidAt)}
          </p>
        </div>
        <Badge tone={KIND_TONE[item.kind]}>{t(`kinds.${item.kind}`)}</Badge>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        <DetailRow label={t(atProvider ? 'provider_amount' : 'bank_amount')}>
          <strong className="text-amber-300">{money(item.theirAmount, item.currency, none)}</strong>
        </DetailRow>
        <DetailRow label={t(atProvider ? 'ledger_amount' : 'our_amount')}>{money(item.ourAmount, item.currency, none)}</DetailRow>
        {item.transactionCode && <DetailRow label={t('deposit')}>{item.transactionCode}</DetailRow>}
        {item.gatewayReference && <DetailRow label={t('bill')}>{item.gatewayReference}</DetailRow>}
        <DetailRow label={t('found')}>{formatDateTime(item.foundAt)}</DetailRow>
      </dl>
      <p className="text-sm text-slate-300">{t(`explain_kind.${item.kind}`)}</p>
      <div className="flex flex-wrap gap-2">
        {item.kind === 'NOT_CREDITED' && item.gatewayReference && <ConfirmAction item={item} />}
        <ResolveAction item={item} />
      </div>
    </Card>
  );
}

/** Each bank's and provider's newest comparison, with "compare today now". */
function Runs({ summary }: { summary: ReconciliationSummary }) {
  const { t } = useTranslation('reconciliation');
  const counterpart = useCounterpart();
  const run = useRunReconciliation();
  if (summary.runs.length === 0) return <p className="text-sm text-slate-400">{t('no_runs')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="reconciliation-runs">
        {summary.runs.map((r) => (
          <li key={r.bank ?? r.provider} className="flex flex-col gap-1 rounded-xl border border-slate-800 p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <strong className="text-white">{counterpart(r)}</strong>
              <span className="text-slate-400">{r.day}</span>
            </div>
            <span className="text-slate-300">
              {t(`methods.${r.method}`)} · {t('checked', { count: r.checked })}
            </span>
            {r.error ? (
              <span className="text-red-300">{t('run_error')}</span>
            ) : (
              <span className={r.differences > 0 ? 'text-amber-300' : 'text-emerald-300'}>
                {t('differences', { count: r.differences })}
              </span>
            )}
            <Button
              size="sm"
              variant="outline"
              className="self-start"
              loading={run.isPending && (run.variables === r.bank || run.variables === r.provider)}
              onClick={() => run.mutate(r.bank ?? r.provider!)}
            >
              {t('run_now')}
            </Button>
          </li>
        ))}
      </ul>
      {run.isSuccess && (
        <span role="status" className="text-sm text-emerald-300">
          {t('run_queued')}
        </span>
      )}
      <CallError error={run.error} />
    </div>
  );
}

/**
 * Reconciliation (owner, finance; decisions 138, 139, 142): each bank's and provider's last
 * comparison and the open differences.
 */
export function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const summary = useQuery(reconciliationSummaryQueryOptions);
  const list = useInfiniteQuery(differencesQueryOptions);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="flex flex-col gap-4" data-testid="reconciliation-page">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        <p className="text-sm text-slate-400">{t('explain')}</p>
      </div>
      {summary.data && (
        <>
          <Runs summary={summary.data} />
          <p className="flex flex-wrap gap-2 text-sm" data-testid="reconciliation-open">
            {RECONCILIATION_KINDS.map((k) => (
              <Badge key={k} tone={KIND_TONE[k]}>
                {t(`kinds.${k}`)}: {summary.data.open[k]}
              </Badge>
            ))}
          </p>
        </>
      )}
      {list.isPending ? (
        <Spinner className="mx-auto mt-8 h-8 w-8" />
      ) : list.isError ? (
        <CallError error={list.error} testId="reconciliation-error" />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-slate-800 p-8 text-center text-slate-400" data-testid="reconciliation-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>
              <DifferenceCard item={item} />
            </li>
          ))}
        </ul>
      )}
      <MoreButton list={list} label={t('more')} testId="reconciliation-more" />
    </section>
  );
}
