import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromotionUsageStatus } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usageStatusTone } from '@/features/promotions/lib/status';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { CallError } from '@/backoffice/components/call-error';
import { MoreButton } from '@/backoffice/components/more-button';
import { formatDateTime, formatMoney } from '@/lib/format';
import { StaffLink, playerPath } from '@/backoffice/lib/staff-link';
import { promotionQueryOptions } from '@/backoffice/features/promotions/api/get-promotion';
import { promotionUsagesQueryOptions, type StaffUsage } from '@/backoffice/features/promotions/api/get-promotion-usages';
import { useCancelUsage } from '@/backoffice/features/promotions/api/cancel-usage';
import { promotionPath } from './list-page';

/** The usages staff may cancel: taken (its use given back) and in use (the bonus taken back from the provider). */
const CANCELLABLE: readonly PromotionUsageStatus[] = ['ACTIVE', 'USED'];

function CancelUsage({ usage, promotionId }: { usage: StaffUsage; promotionId: string }) {
  const { t } = useTranslation('promotions');
  const cancel = useCancelUsage(promotionId);
  return (
    <ActionDialog
      label={t('usages.cancel')}
      variant="danger"
      testId="cancel-usage"
      title={t('usages.cancel_title', { player: usage.playerUsername })}
      confirmText={() => t(usage.status === 'USED' ? 'usages.cancel_used' : 'usages.cancel_active', { bonus: usage.bonus ?? '0.00' })}
      confirmLabel={t('usages.cancel_confirm')}
      mutation={cancel}
      run={() => cancel.mutateAsync(usage.id)}
    />
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="font-mono text-sm text-slate-100 tabular-nums">{value}</dd>
    </div>
  );
}

function UsageItem({ usage, promotionId }: { usage: StaffUsage; promotionId: string }) {
  const { t } = useTranslation('promotions');
  const thb = (v: string | null) => (v === null ? '—' : formatMoney(v, 'THB'));
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:p-4" data-testid="usage-item" data-status={usage.status}>
        <div className="flex flex-wrap items-center gap-2">
          <StaffLink to={playerPath(usage.playerId)} className="font-medium break-all text-amber-200 hover:underline">
            {usage.playerUsername}
          </StaffLink>
          <Badge tone={usageStatusTone(usage.status)}>{t(`usage_status.${usage.status}`)}</Badge>
          <span className="text-sm text-slate-400">{t(`common:providers.${usage.providerId}`)}</span>
          <span className="text-sm text-slate-400 sm:ml-auto">{formatDateTime(usage.createdAt)}</span>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Amount label={t('usages.deposit_credit')} value={thb(usage.depositCredit)} />
          <Amount label={t('usages.bonus')} value={thb(usage.bonus)} />
          <Amount
            label={t('usages.turnover')}
            value={usage.turnoverRequired === null ? '—' : `${thb(usage.turnover ?? '0')} / ${thb(usage.turnoverRequired)}`}
          />
          <Amount label={t('usages.clawed_back')} value={thb(usage.clawedBack)} />
        </dl>
        {CANCELLABLE.includes(usage.status) && (
          <div>
            <CancelUsage usage={usage} promotionId={promotionId} />
          </div>
        )}
      </Card>
    </li>
  );
}

/** /promotions/{id}/usages: who took it, newest first, a page at a time ("Show more"); cancel one (confirmed). */
export function UsagesPage({ id }: { id: string }) {
  const { t } = useTranslation('promotions');
  const promotion = useQuery(promotionQueryOptions(id));
  const usages = useInfiniteQuery(promotionUsagesQueryOptions(id));
  const items = usages.data?.pages.flatMap((p) => p.items) ?? [];
  const code = promotion.data?.promotion.code ?? '';
  return (
    <section className="flex flex-col gap-4" data-testid="usages-page">
      <StaffLink to={promotionPath(id)} className="text-sm text-slate-400 hover:underline">
        ← {code || t('list.heading')}
      </StaffLink>
      <h1 className="text-xl font-bold break-words">{t('usages.heading', { code })}</h1>
      {usages.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : usages.isError ? (
        <CallError error={usages.error} />
      ) : items.length === 0 ? (
        <Card className="text-slate-300" data-testid="usages-empty">
          {t('usages.empty')}
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-400">{t('usages.newest_first')}</p>
          <ul className="flex flex-col gap-3">
            {items.map((u) => (
              <UsageItem key={u.id} usage={u} promotionId={id} />
            ))}
          </ul>
          <MoreButton list={usages} label={t('usages.more')} testId="usages-more" />
        </>
      )}
    </section>
  );
}
