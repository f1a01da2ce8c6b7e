import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorKey } from '@/components/ui/toast-store';
import { usePromotionUsing } from '@/lib/api/get-promotion-using';
import { usePromotions } from '../api/get-promotions';
import { PromotionCard } from './promotion-card';
import { PromotionInUse } from './promotion-in-use';

/** /player/promotion: the promotion in use pinned on top with its progress, then every active promotion. */
export function PromotionList() {
  const { t } = useTranslation(['promotion', 'errors']);
  const list = usePromotions();
  const using = usePromotionUsing();
  const held = using.data?.usage && using.data.promotion ? { usage: using.data.usage, promotion: using.data.promotion } : null;

  if (list.isPending) return <Spinner className="mx-auto my-10 h-8 w-8" />;
  if (list.isError) {
    return (
      <Card role="alert" className="text-red-300">
        {t(errorKey(list.error))}
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="promotion-list">
      {held ? <PromotionInUse usage={held.usage} promotion={held.promotion} /> : null}
      {list.data.length === 0 ? (
        <p className="rounded-xl border border-slate-800 px-4 py-8 text-center text-slate-400" data-testid="promotion-empty">
          {t('list.empty')}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((p) => (
            <PromotionCard key={p.id} promotion={p} />
          ))}
        </div>
      )}
    </div>
  );
}
