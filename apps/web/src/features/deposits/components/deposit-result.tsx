import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DepositOrder } from '@app/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckCircleIcon } from '@/components/ui/more-icons';
import { OrderStatusBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format';
import { useScrollIntoView } from '@/lib/use-scroll-into-view';

const RESULT_KEY: Partial<Record<DepositOrder['status'], string>> = {
  SUCCESS: 'success',
  PAID: 'paid',
  REVIEW: 'review',
  REJECTED: 'rejected',
};

/** A paid order: the credit on its way (PAID), arrived (SUCCESS), held for staff (FAILED), a large one waiting for review (REVIEW) or refused and refunded (REJECTED). */
export function DepositResult({ order, onNew }: { order: DepositOrder; onNew: () => void }) {
  const { t } = useTranslation(['deposit', 'wallet']);
  const provider = t(`wallet:providers.${order.providerId}`);
  const card = useScrollIntoView<HTMLDivElement>();
  return (
    <Card
      ref={card}
      className="flex scroll-mt-20 flex-col items-center gap-3 text-center"
      data-testid="deposit-result"
      data-status={order.status}
    >
      {order.status === 'SUCCESS' ? (
        <CheckCircleIcon className="h-14 w-14 text-emerald-400" aria-hidden="true" />
      ) : order.status === 'PAID' || order.status === 'REVIEW' ? (
        <Spinner className="h-12 w-12" />
      ) : null}
      <h2 className="text-lg font-semibold text-white">{t(`result.${RESULT_KEY[order.status] ?? 'failed'}`)}</h2>
      <OrderStatusBadge status={order.status} />
      <p className="text-slate-200">
        {t('result.detail', {
          amount: formatMoney(order.amount, order.currency),
          credit: formatMoney(order.credit, order.creditCurrency),
          provider,
        })}
      </p>
      {order.status === 'FAILED' && <p className="text-sm text-amber-200">{t('result.failed_help')}</p>}
      {order.status === 'REVIEW' && <p className="text-sm text-amber-200">{t('result.review_help')}</p>}
      {order.status === 'REJECTED' && <p className="text-sm text-amber-200">{t('result.rejected_help')}</p>}
      <p className="font-mono text-xs text-slate-400">{order.transactionCode}</p>
      <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row">
        <Link to={`/player/game/${order.providerId}`} className={buttonClass('primary', 'lg', 'w-full')}>
          {t('result.play', { provider })}
        </Link>
        <Button variant="outline" size="lg" className="w-full" onClick={onNew}>
          {t('result.new')}
        </Button>
      </div>
      <Link to="/player/deposit/history" className="text-sm text-amber-300 underline-offset-4 hover:underline">
        {t('result.history')}
      </Link>
    </Card>
  );
}
