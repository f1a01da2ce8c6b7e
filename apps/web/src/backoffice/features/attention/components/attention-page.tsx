import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ATTENTION_KINDS, RESOLVE_NOTE_MAX, type AttentionItem, type AttentionKind } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { CallError } from '@/backoffice/components/call-error';
import { attentionQueryOptions } from '@/backoffice/features/attention/api/get-attention';
import { attentionSummaryQueryOptions } from '@/backoffice/features/attention/api/get-attention-summary';
import { useAttentionAction } from '@/backoffice/features/attention/api/attention-action';
import { formatDateTime, formatMoney } from '@/lib/format';
import { formatAge } from '@/backoffice/lib/dates';
import { DetailRow } from '@/backoffice/components/detail-row';
import { MoreButton } from '@/backoffice/components/more-button';
import { ReviewActions } from './review-actions';

const ATTENTION_PATH: string = '/attention';
/** the bank reference a refund is recorded with: the contracts' limit */
const REFERENCE_MAX = 128;

/** A refund with the bank transfer's reference (a FAILED deposit's kip, or an unmatched payment's). */
function RefundAction({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('attention');
  const act = useAttentionAction(item.id);
  const amount = item.amountLak ? formatMoney(item.amountLak, 'LAK') : '';
  return (
    <ActionDialog
      label={t('refund.button')}
      variant="danger"
      testId="attention-refund"
      title={t('refund.title', { amount })}
      description={t('refund.hint', { amount })}
      input={{ label: t('refund.field'), maxLength: REFERENCE_MAX, required: t('refund.required') }}
      confirmText={(reference) => t('refund.confirm', { amount, reference, who: item.playerUsername ?? item.bankReference ?? '' })}
      confirmLabel={t('refund.do')}
      mutation={act}
      run={(reference) =>
        act.mutateAsync(
          item.kind === 'UNMATCHED_PAYMENT'
            ? { action: 'refund-payment', bankReference: reference }
            : { action: 'refund', bankReference: reference },
        )
      }
    />
  );
}

/** A FAILED transfer sent again, with the count of transfers staff saw (a second press does nothing). */
function RetryAction({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('attention');
  const act = useAttentionAction(item.id);
  const credit = item.creditThb ? formatMoney(item.creditThb, 'THB') : '';
  return (
    <ActionDialog
      label={t('retry.button')}
      testId="attention-retry"
      title={t('retry.title', { code: item.transactionCode ?? '' })}
      confirmText={() =>
        t('retry.confirm', {
          credit,
          provider: item.providerId ? t(`common:providers.${item.providerId}`, { defaultValue: item.providerId }) : '',
          player: item.playerUsername ?? '',
        })
      }
      confirmLabel={t('retry.do')}
      mutation={act}
      run={() => act.mutateAsync({ action: 'retry', transfers: item.transfers })}
    />
  );
}

/** An unknown transfer: the provider asked again now about the same reference (never a second transfer). */
function RecheckAction({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('attention');
  const act = useAttentionAction(item.id);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant="outline"
        loading={act.isPending}
        onClick={() => act.mutate({ action: 'recheck' })}
        data-testid="attention-recheck"
      >
        {t('recheck.button')}
      </Button>
      {act.isSuccess && (
        <span role="status" className="text-sm text-emerald-300">
          {t('recheck.done')}
        </span>
      )}
      <CallError error={act.error} reason />
    </div>
  );
}

/**
 * An unknown transfer decided from the provider's own records (its agent back office), when the
 * balance cannot tell (decision 141): arrived or not, with what the records show.
 */
function ResolveAction({ item, applied }: { item: AttentionItem; applied: boolean }) {
  const { t } = useTranslation('attention');
  const act = useAttentionAction(item.id);
  const key = applied ? 'resolve.applied' : 'resolve.not_applied';
  const vars = { credit: item.creditThb ? formatMoney(item.creditThb, 'THB') : '', provider: item.providerId ?? '' };
  return (
    <ActionDialog
      label={t(`${key}.button`)}
      variant={applied ? 'outline' : 'danger'}
      testId={applied ? 'attention-resolve-applied' : 'attention-resolve-not-applied'}
      title={t(`${key}.title`, vars)}
      description={t(`${key}.hint`)}
      input={{ label: t(`${key}.field`), maxLength: RESOLVE_NOTE_MAX, required: t(`${key}.required`) }}
      confirmText={(note) => t(`${key}.confirm`, { ...vars, note, player: item.playerUsername ?? '' })}
      confirmLabel={t(`${key}.do`)}
      mutation={act}
      run={(note) => act.mutateAsync({ action: 'resolve', applied, note })}
    />
  );
}

function ItemCard({ item, now }: { item: AttentionItem; now: number }) {
  const { t } = useTranslation('attention');
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-4" data-testid="attention-item" data-kind={item.kind} data-id={item.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm text-slate-300">{item.transactionCode ?? item.bankReference ?? item.id}</p>
          <p className="truncate text-base font-semibold text-white">{item.playerUsername ?? t('no_player')}</p>
          <p className="text-sm text-slate-400">
            {formatDateTime(item.since)} · {t('waiting', { age: formatAge(item.since, now, t) })}
          </p>
        </div>
        {item.unmatchedReason && <Badge tone="yellow">{t(`reasons.${item.unmatchedReason}`)}</Badge>}
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        {item.amountLak && (
          <DetailRow label={t('amount')}>
            <strong className="text-amber-300">{formatMoney(item.amountLak, 'LAK')}</strong>
          </DetailRow>
        )}
        {item.creditThb && <DetailRow label={t('credit')}>{formatMoney(item.creditThb, 'THB')}</DetailRow>}
        {item.providerId && (
          <DetailRow label={t('provider')}>{t(`common:providers.${item.providerId}`, { defaultValue: item.providerId })}</DetailRow>
        )}
        {item.bankReference && <DetailRow label={t('bank_reference')}>{item.bankReference}</DetailRow>}
        {item.kind !== 'UNMATCHED_PAYMENT' && item.kind !== 'DEPOSIT_REVIEW' && (
          <DetailRow label={t('transfers')}>{item.transfers}</DetailRow>
        )}
        {item.lastError && <DetailRow label={t('last_error')}>{item.lastError}</DetailRow>}
      </dl>
      <div className="flex flex-wrap gap-2">
        {item.kind === 'TRANSFER_FAILED' && (
          <>
            <RetryAction item={item} />
            <RefundAction item={item} />
          </>
        )}
        {item.kind === 'TRANSFER_UNKNOWN' && (
          <>
            <RecheckAction item={item} />
            <ResolveAction item={item} applied />
            <ResolveAction item={item} applied={false} />
          </>
        )}
        {item.kind === 'UNMATCHED_PAYMENT' && <RefundAction item={item} />}
        {item.kind === 'DEPOSIT_REVIEW' && <ReviewActions item={item} />}
      </div>
    </Card>
  );
}

/** Deposits needing attention (owner, finance; decisions 059, 162): four lists, oldest first, polled. */
export function AttentionPage() {
  const { t } = useTranslation('attention');
  // the router's types are the player site's (the one registered): the back office reads its own search as it validated it
  const kind = (useSearch({ strict: false }) as { kind?: AttentionKind }).kind ?? 'TRANSFER_FAILED';
  const navigate = useNavigate();
  const show = (k: AttentionKind) =>
    void navigate({ to: ATTENTION_PATH, search: { kind: k } } as unknown as Parameters<typeof navigate>[0]);
  const summary = useQuery(attentionSummaryQueryOptions);
  const list = useInfiniteQuery(attentionQueryOptions(kind));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="flex flex-col gap-4" data-testid="attention-page">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        <p className="text-sm text-slate-400">{t('explain')}</p>
      </div>
      <div role="group" aria-label={t('kinds_label')} className="flex flex-wrap gap-2">
        {ATTENTION_KINDS.map((k) => (
          <Button
            key={k}
            size="sm"
            variant={k === kind ? 'secondary' : 'outline'}
            aria-pressed={k === kind}
            className={k === kind ? 'ring-2 ring-amber-300' : undefined}
            onClick={() => show(k)}
            data-testid={`attention-kind-${k}`}
          >
            {t(`kinds.${k}`)}
            {summary.data && (
              <span className="rounded-full bg-slate-950/60 px-2 text-xs tabular-nums" data-testid={`attention-count-${k}`}>
                {summary.data[k].count}
              </span>
            )}
          </Button>
        ))}
      </div>
      <p className="text-sm text-slate-300">{t(`explain_kind.${kind}`)}</p>
      {list.isPending ? (
        <Spinner className="mx-auto mt-8 h-8 w-8" />
      ) : list.isError ? (
        <CallError error={list.error} testId="attention-error" />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-slate-800 p-8 text-center text-slate-400" data-testid="attention-empty">
          {t(`empty.${kind}`)}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} now={list.dataUpdatedAt} />
            </li>
          ))}
        </ul>
      )}
      <MoreButton list={list} label={t('more')} testId="attention-more" />
    </section>
  );
}
