import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { PROVIDER_IDS, promotionRulesSchema, type Language, type Promotion } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { PROMOTION_CARD_CLASS, PromotionCardContent } from '@/features/promotions/components/promotion-card';
import { PromotionBanner, PromotionRulesCard } from '@/features/promotions/components/promotion-overview';
import { toInput, type PromotionFormValues } from '../lib/form';
import { LANGUAGE_TAGS, LanguagePicker } from './language-picker';
import { playerTexts } from '../lib/player-texts';

type Draft = { texts: Partial<Record<Language, { name: string; summary: string; terms: string }>>; rules: unknown; endsAt: unknown };

/**
 * The promotion as a player reading `language` gets it from the server (promotions.view.ts: that
 * language's texts, else Lao's), made from what the form holds now. Rules that do not pass the
 * contracts' schema yet are null: the player's rule lines need valid ones.
 */
export function previewPromotion(
  values: PromotionFormValues,
  language: Language,
  imageUrl: string | null,
  noName: string,
): Promotion & { rulesValid: boolean } {
  const draft = toInput(values) as Draft;
  const text = draft.texts[language] ?? draft.texts.lo!;
  const rules = promotionRulesSchema.safeParse(draft.rules);
  return {
    id: '00000000-0000-4000-8000-000000000000',
    code: values.code,
    name: text.name.trim() || noName,
    summary: text.summary.trim(),
    terms: text.terms.trim(),
    imageUrl,
    providers: values.providers.filter((p) => (PROVIDER_IDS as readonly string[]).includes(p)),
    startsAt: new Date().toISOString(),
    endsAt: typeof draft.endsAt === 'string' && !Number.isNaN(Date.parse(draft.endsAt)) ? draft.endsAt : null,
    rules: rules.success ? rules.data : { requiresBankAccount: true },
    rulesValid: rules.success,
  };
}

/**
 * "As the player will see it": the player site's own card and detail pieces (features/promotions),
 * in the player language chosen here, with the player site's texts (docs/decisions/064).
 */
export function PromotionPreview({ values, imageUrl }: { values: PromotionFormValues; imageUrl: string | null }) {
  const { t } = useTranslation('promotions');
  const [language, setLanguage] = useState<Language>('lo');
  const texts = useQuery({ queryKey: ['player-texts', language], queryFn: () => playerTexts(language), staleTime: Infinity });
  const promotion = previewPromotion(values, language, imageUrl, t('preview.no_name'));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="promotion-preview-heading" data-testid="promotion-preview">
      <h2 id="promotion-preview-heading" className="text-lg font-semibold">
        {t('preview.heading')}
      </h2>
      <p className="text-sm text-slate-400">{t('preview.explain')}</p>
      <LanguagePicker value={language} onChange={setLanguage} label={t('preview.language')} testId="preview-language" />
      {!promotion.rulesValid && (
        <p className="text-sm text-amber-200" data-testid="preview-rules-invalid">
          {t('preview.rules_invalid')}
        </p>
      )}
      {texts.data ? (
        <I18nextProvider i18n={texts.data}>
          <div lang={LANGUAGE_TAGS[language]} className="flex flex-col gap-4">
            <div className={cn(PROMOTION_CARD_CLASS, 'max-w-sm')} data-testid="preview-card">
              <PromotionCardContent promotion={promotion} />
            </div>
            <PromotionBanner promotion={promotion} />
            {promotion.rulesValid && <PromotionRulesCard promotion={promotion} />}
          </div>
        </I18nextProvider>
      ) : texts.isError ? (
        <Card role="alert" className="text-sm text-red-300">
          {t('preview.texts_failed')}
        </Card>
      ) : (
        <Spinner className="mx-auto h-6 w-6" />
      )}
    </section>
  );
}
