import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { WithdrawScreen } from '@/features/withdrawals/components/withdraw-screen';
import { PromotionWithdrawNotice } from '@/features/promotions/components/promotion-notices';

export const Route = createFileRoute('/player/withdraw/')({ component: WithdrawPage });

function WithdrawPage() {
  const { t } = useTranslation(['common', 'withdraw']);
  return (
    <>
      <PageHeading
        actions={
          <Link to="/player/withdraw/history" className="text-sm font-medium text-amber-300 underline-offset-4 hover:underline">
            {t('withdraw:history.link')}
          </Link>
        }
      >
        {t('pages.withdraw')}
      </PageHeading>
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
        <PromotionWithdrawNotice />
        <WithdrawScreen />
      </div>
    </>
  );
}
