import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { PromotionList } from '@/features/promotions/components/promotion-list';

export const Route = createFileRoute('/player/promotion/')({
  // a loader is not code-split: the query's module is fetched with the page, not with the first bundle
  loader: async ({ context }) => {
    const { promotionsQueryOptions } = await import('@/features/promotions/api/get-promotions');
    return context.queryClient.ensureQueryData(promotionsQueryOptions());
  },
  component: PromotionPage,
});

function PromotionPage() {
  const { t } = useTranslation(['common', 'promotion']);
  return (
    <>
      <PageHeading
        actions={
          <Link to="/player/promotion/history" className="text-sm font-medium text-amber-300 underline-offset-4 hover:underline">
            {t('promotion:list.history')}
          </Link>
        }
      >
        {t('pages.promotion')}
      </PageHeading>
      <PromotionList />
    </>
  );
}
