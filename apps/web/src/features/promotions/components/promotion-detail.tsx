import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Promotion, ProviderId } from '@app/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { creditQueryOptions } from '@/lib/api/get-credit';
import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { newAttemptKey } from '@/lib/attempt-key';
import { useCheckBlocking } from '../api/get-check-blocking';
import { usePromotions } from '../api/get-promotions';
import { useTakePromotion } from '../api/mutations';
import { creditRuleBreach, creditRuleText, usageErrorText } from '../lib/usage-error';
import { PromotionInUse } from './promotion-in-use';
import { PromotionBanner, PromotionRulesCard } from './promotion-overview';

/** /player/promotion/{id}: found by id in the prefetched list (SPEC.md §2). */
export function PromotionDetail({ promotionId }: { promotionId: string }) {
  const { t } = useTranslation('promotion');
  const list = usePromotions();
  if (list.isPending) return <Spinner className="mx-auto my-10 h-8 w-8" />;
  const promotion = list.data?.find((p) => p.id === promotionId);
  if (!promotion) {
    return (
      <Card className="flex flex-col items-start gap-3" data-testid="promotion-not-found">
        <p className="text-slate-300">{t('detail.not_found')}</p>
        <Link to="/player/promotion" className={buttonClass('outline', 'md')}>
          {t('detail.back')}
        </Link>
      </Card>
    );
  }
  return <PromotionView promotion={promotion} />;
}

function PromotionView({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(['promotion', 'wallet', 'errors']);
  const using = usePromotionUsing();
  const held = using.data?.usage && using.data.promotion ? { usage: using.data.usage, promotion: using.data.promotion } : null;
  return (
    <div className="flex flex-col gap-4" data-testid="promotion-detail" data-code={promotion.code}>
      <Link to="/player/promotion" className="text-sm font-medium text-amber-300 underline-offset-4 hover:underline">
        ← {t('detail.back')}
      </Link>
      <PromotionBanner promotion={promotion} />
      <div className="grid gap-4 md:grid-cols-2">
        <PromotionRulesCard promotion={promotion} />
        {held ? (
          <div className="flex flex-col gap-2">
            {held.usage.promotionId === promotion.id ? (
              <p className="text-sm font-medium text-emerald-300">{t('detail.held_this')}</p>
            ) : (
              <p className="text-sm text-slate-300" role="status">
                {t('messages.oneAtATime')}
              </p>
            )}
            <PromotionInUse usage={held.usage} promotion={held.promotion} />
          </div>
        ) : (
          <TakeForm promotion={promotion} />
        )}
      </div>
    </div>
  );
}

/** Choose the provider and take the promotion; what would refuse it now (check-blocking) is said first. */
function TakeForm({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(['promotion', 'wallet', 'errors']);
  const blocking = useCheckBlocking();
  const take = useTakePromotion();
  const [provider, setProvider] = useState<ProviderId>(promotion.providers[0]!);
  const [key, setKey] = useState(newAttemptKey);
  // the promotion's credit rule is judged on the credit at the chosen provider, read afresh
  const hasCreditRule = promotion.rules.maxCreditBeforeDeposit !== undefined;
  const credit = useQuery({ ...creditQueryOptions(provider), enabled: hasCreditRule });
  const breach = creditRuleBreach(promotion.rules, hasCreditRule ? credit.data?.credit.amount : undefined);
  const reason = blocking.data?.reason ?? null;
  const reasonText =
    reason === 'SELF_EXCLUDED' || reason === 'PROMOTION_BONUS_RING'
      ? t(`errors:${reason}`)
      : reason === 'PROMOTION_PLAYER_BLOCKED'
        ? t('messages.blocked')
        : reason === 'PROMOTION_NEEDS_BANK_ACCOUNT' && promotion.rules.requiresBankAccount
          ? t('messages.needsBankAccount')
          : reason === 'OPEN_ORDER'
            ? t('errors:OPEN_ORDER')
            : breach
              ? creditRuleText(t, breach)
              : null;
  const onTake = () =>
    take.mutate(
      { body: { promotionId: promotion.id, providerId: provider }, key },
      {
        onSuccess: () => toast({ variant: 'success', title: t('messages.received'), description: t('detail.deposit_next') }),
        onError: (err) => toast({ variant: 'error', title: t('take.error'), description: usageErrorText(t, err) }),
        onSettled: () => setKey(newAttemptKey()),
      },
    );
  return (
    <Card className="flex flex-col gap-4" data-testid="promotion-take">
      <Field label={t('detail.provider')}>
        <Select
          value={provider}
          onValueChange={(v) => setProvider(v as ProviderId)}
          options={promotion.providers.map((p) => ({ value: p, label: t(`wallet:providers.${p}`) }))}
        />
      </Field>
      {reasonText ? (
        <p
          role="alert"
          className="rounded-lg border border-red-500/40 bg-red-950/40 p-3 text-sm text-red-200"
          data-testid="promotion-blocked"
        >
          {reasonText}
        </p>
      ) : null}
      {reason === 'PROMOTION_NEEDS_BANK_ACCOUNT' && promotion.rules.requiresBankAccount ? (
        <Link to="/player/bank" className={buttonClass('outline', 'md')}>
          {t('detail.bank_link')}
        </Link>
      ) : null}
      <Button
        size="lg"
        className="w-full"
        loading={take.isPending}
        disabled={
          reason === 'PROMOTION_PLAYER_BLOCKED' || reason === 'SELF_EXCLUDED' || reason === 'PROMOTION_BONUS_RING' || breach !== null
        }
        onClick={onTake}
        data-testid="take-promotion"
      >
        {t('detail.take')}
      </Button>
    </Card>
  );
}
