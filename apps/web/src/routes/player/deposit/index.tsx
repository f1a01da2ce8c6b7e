import { createFileRoute, Link, useSearch } from '@tanstack/react-router';
import { isProviderId, type ProviderId } from '@app/contracts/providers';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { DepositScreen } from '@/features/deposits/components/deposit-page';
import { loadDepositPageReads } from '@/features/deposits/api/page-reads';
import { loadPromotionInUseIfHeld } from '@/features/promotions/lib/promotion-in-use-chunk';
import { PromotionDepositNotice } from '@/features/promotions/components/promotion-deposit-notice';

/** `?provider=betflix`: the game page's Deposit button opens the form at its provider. */
export const Route = createFileRoute('/player/deposit/')({
  validateSearch: (search: Record<string, unknown>): { provider?: ProviderId } =>
    typeof search.provider === 'string' && isProviderId(search.provider) ? { provider: search.provider } : {},
  // the page renders once with its reads (the HTML has preloaded them), and the card of a promotion in use
  // when the player holds one (its chunk is not on the page otherwise, decision 194): not split from the route tree
  loader: ({ context }) => loadDepositPageReads(context.queryClient).then(() => loadPromotionInUseIfHeld(context.queryClient)),
  component: DepositPage,
});

function DepositPage() {
  const { t } = useTranslation(['common', 'deposit']);
  const provider = useSearch({ from: '/player/deposit/', shouldThrow: false })?.provider;
  return (
    <>
      <PageHeading
        actions={
          <Link to="/player/deposit/history" className="text-sm font-medium text-amber-300 underline-offset-4 hover:underline">
            {t('deposit:history.link')}
          </Link>
        }
      >
        {t('pages.deposit')}
      </PageHeading>
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
        <PromotionDepositNotice />
        <DepositScreen provider={provider} />
      </div>
    </>
  );
}
