import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { WithdrawScreen } from '@/features/withdrawals/components/withdraw-screen';
import { loadWithdrawPageReads } from '@/features/withdrawals/api/page-reads';
import { loadPromotionInUseIfHeld } from '@/features/promotions/lib/promotion-in-use-chunk';
import { PromotionWithdrawNotice } from '@/features/promotions/components/promotion-notices';

export const Route = createFileRoute('/player/withdraw/')({
  // the page renders once with its reads (the HTML has preloaded them), and the card of a promotion in use
  // when the player holds one (its chunk is not on the page otherwise, decision 194): not split from the route tree
  loader: ({ context }) => loadWithdrawPageReads(context.queryClient).then(() => loadPromotionInUseIfHeld(context.queryClient)),
  component: WithdrawPage,
});

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
