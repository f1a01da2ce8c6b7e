import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { formatMoney } from '@/lib/format';
import { showsPromotionInUse } from '../lib/promotion-in-use-chunk';
import { LatePromotionInUse } from './promotion-in-use-late';

/**
 * Over the deposit form: the promotion taken (ACTIVE) says where and how much to deposit (the form
 * fixes both); one in use (USED) shows its progress, since a new deposit there needs a low credit.
 * The card of the one in use is a chunk of its own, which the page's loader awaits when the player
 * holds one (features/deposits/api/page-reads.ts): this page's own code stays free of it.
 */
export function PromotionDepositNotice() {
  const { t } = useTranslation(['promotion', 'wallet']);
  const using = usePromotionUsing();
  const usage = using.data?.usage;
  const promotion = using.data?.promotion;
  if (!usage || !promotion) return null;
  if (showsPromotionInUse(using.data)) return <LatePromotionInUse usage={usage} promotion={promotion} />;
  const amount = promotion.rules.depositAmount;
  return (
    <Card className="border-amber-400/60 text-sm" data-testid="deposit-promotion" role="status">
      <p className="font-semibold text-white">{t('deposit.title', { name: promotion.name })}</p>
      <p className="text-slate-300">{t('deposit.fixed_provider', { provider: t(`wallet:providers.${usage.providerId}`) })}</p>
      {amount !== undefined ? (
        <p className="text-slate-300" data-testid="deposit-promotion-amount">
          {t('deposit.fixed_amount', { amount: formatMoney(amount, 'LAK') })}
        </p>
      ) : null}
      {promotion.rules.bonus ? <p className="text-amber-200">{t('deposit.bonus_note')}</p> : null}
    </Card>
  );
}
