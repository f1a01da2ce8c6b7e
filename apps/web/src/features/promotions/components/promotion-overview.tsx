import { useTranslation } from 'react-i18next';
import type { Promotion } from '@app/contracts';
import { Card, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { PromotionImage } from './promotion-image';
import { ProviderChips } from './provider-chips';
import { RuleList } from './rule-list';

/**
 * What a player reads of one promotion before taking it: its banner (image, name, summary, end,
 * providers) and its rules in plain words with its terms. The detail page shows them; the back
 * office's preview renders the same two (docs/decisions/064), so they read only the promotion and
 * the `promotion` and `wallet` texts, nothing of the player's session.
 */
export function PromotionBanner({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('promotion');
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/80">
      <PromotionImage url={promotion.imageUrl} name={promotion.name} className="md:aspect-[4/1]" />
      <div className="flex flex-col gap-2 p-4 sm:p-6">
        <h2 className="text-xl font-semibold text-white">{promotion.name}</h2>
        {promotion.summary ? <p className="text-slate-300">{promotion.summary}</p> : null}
        {promotion.endsAt ? (
          <p className="text-xs text-slate-400">{t('detail.until', { date: formatDateTime(promotion.endsAt) })}</p>
        ) : null}
        <ProviderChips providers={promotion.providers} label={t('list.providers')} />
      </div>
    </div>
  );
}

export function PromotionRulesCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('promotion');
  return (
    <Card>
      <CardTitle>{t('detail.rules')}</CardTitle>
      <RuleList rules={promotion.rules} />
      {promotion.terms ? (
        <>
          <h3 className="mt-4 mb-2 font-semibold text-white">{t('detail.terms')}</h3>
          <p className="text-sm whitespace-pre-line text-slate-300" data-testid="promotion-terms">
            {promotion.terms}
          </p>
        </>
      ) : null}
    </Card>
  );
}
