import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@app/contracts';
import { PromotionImage } from './promotion-image';
import { ProviderChips } from './provider-chips';

/** The card's frame (the list's link; the back office's preview draws the same frame without the link). */
export const PROMOTION_CARD_CLASS =
  'group flex flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/80 shadow-lg shadow-black/20 transition hover:border-amber-400/70 focus-visible:outline-2 focus-visible:outline-amber-300';

/** What the card shows: image, name, summary, providers and the way to its detail. */
export function PromotionCardContent({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('promotion');
  return (
    <>
      <PromotionImage url={promotion.imageUrl} name={promotion.name} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold text-white">{promotion.name}</h2>
        {promotion.summary ? <p className="text-sm text-slate-300">{promotion.summary}</p> : null}
        <div className="mt-auto flex flex-col gap-3 pt-2">
          <ProviderChips providers={promotion.providers} label={t('list.providers')} />
          <span className="text-sm font-medium text-amber-300 group-hover:underline">{t('list.details')} →</span>
        </div>
      </div>
    </>
  );
}

/** One promotion of the list: the whole card opens its detail. */
export function PromotionCard({ promotion }: { promotion: Promotion }) {
  return (
    <Link
      to="/player/promotion/$promotionId"
      params={{ promotionId: promotion.id }}
      className={PROMOTION_CARD_CLASS}
      data-testid="promotion-card"
      data-code={promotion.code}
    >
      <PromotionCardContent promotion={promotion} />
    </Link>
  );
}
