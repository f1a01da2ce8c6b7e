import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BackofficePromotion, PromotionFiguresResponse } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { formatDateTime, formatDecimal, formatNumber } from '@/lib/format';
import { StaffLink } from '@/backoffice/lib/staff-link';
import { promotionFiguresQueryOptions } from '@/backoffice/features/promotions/api/get-promotion-figures';
import { promotionsQueryOptions } from '@/backoffice/features/promotions/api/get-promotions';
import { DeactivateDialog } from './deactivate-dialog';
import { STATE_TONE, promotionState } from '../lib/status';

type Figures = PromotionFiguresResponse['figures'][number];
const NO_FIGURES = { taken: 0, inUse: 0, used: 0, bonusCost: '0.00' };

export const promotionPath = (id: string) => `/promotions/${encodeURIComponent(id)}`;
export const usagesPath = (id: string) => `/promotions/${encodeURIComponent(id)}/usages`;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col rounded-lg bg-slate-800/60 px-3 py-2">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="font-mono text-base text-slate-100 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One promotion: what it is, its window and limits, its figures and what staff do with it. */
function PromotionItem({ promotion, figures }: { promotion: BackofficePromotion; figures: Omit<Figures, 'promotionId'> }) {
  const { t } = useTranslation('promotions');
  const state = promotionState(promotion);
  return (
    <li>
      <Card className="flex flex-col gap-3" data-testid="promotion-item" data-code={promotion.code} data-state={state}>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm text-amber-200">{promotion.code}</span>
          <Badge tone={STATE_TONE[state]}>{t(`state.${state}`)}</Badge>
        </div>
        <h2 className="text-lg font-semibold break-words text-white">{promotion.texts.lo.name}</h2>
        <p className="text-sm text-slate-300">
          {t('list.window', {
            from: formatDateTime(promotion.startsAt),
            to: promotion.endsAt ? formatDateTime(promotion.endsAt) : t('list.no_end'),
          })}
        </p>
        <p className="text-sm text-slate-400">
          {promotion.providers.map((p) => t(`common:providers.${p}`)).join(', ')} ·{' '}
          {t('list.uses', { uses: formatNumber(promotion.uses), max: promotion.maxUses === null ? '∞' : formatNumber(promotion.maxUses) })}
        </p>
        <dl className="grid grid-cols-3 gap-2">
          <Figure label={t('figures.taken')} value={formatNumber(figures.taken)} testId="figure-taken" />
          <Figure label={t('figures.in_use')} value={formatNumber(figures.inUse)} testId="figure-in-use" />
          <Figure label={t('figures.cost')} value={formatDecimal(figures.bonusCost, 2)} testId="figure-cost" />
        </dl>
        <div className="flex flex-wrap gap-2">
          <StaffLink to={promotionPath(promotion.id)} className={buttonClass('outline', 'sm')} data-testid="edit-promotion">
            {t('list.edit')}
          </StaffLink>
          <StaffLink to={usagesPath(promotion.id)} className={buttonClass('outline', 'sm')} data-testid="promotion-usages-link">
            {t('list.usages')}
          </StaffLink>
          {promotion.isActive && <DeactivateDialog promotion={promotion} />}
        </div>
      </Card>
    </li>
  );
}

/** The agency's promotions (owner, finance): active ones first, newest first, each with its figures. */
export function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const list = useQuery(promotionsQueryOptions);
  const figures = useQuery(promotionFiguresQueryOptions);
  const byId = new Map((figures.data?.figures ?? []).map((f) => [f.promotionId, f]));
  const sorted = [...(list.data?.promotions ?? [])].sort(
    (a, b) => Number(b.isActive) - Number(a.isActive) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
  return (
    <section className="flex flex-col gap-4" data-testid="promotions-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('list.heading')}</h1>
        <StaffLink to="/promotions/new" className={buttonClass('primary', 'md')} data-testid="new-promotion">
          {t('list.new')}
        </StaffLink>
      </div>
      <p className="text-sm text-slate-400">{t('list.explain')}</p>
      <CallError error={figures.error} />
      {list.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : list.isError ? (
        <CallError error={list.error} />
      ) : sorted.length === 0 ? (
        <Card className="text-slate-300" data-testid="promotions-empty">
          {t('list.empty')}
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {sorted.map((p) => (
            <PromotionItem key={p.id} promotion={p} figures={byId.get(p.id) ?? NO_FIGURES} />
          ))}
        </ul>
      )}
    </section>
  );
}
