import { createFileRoute, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { PromotionDetail } from '@/features/promotions/components/promotion-detail';

/** SPEC.md §2: the promotion list is prefetched before display; the detail is found by id in it. */
export const Route = createFileRoute('/player/promotion/$promotionId')({
  // a loader is not code-split: the query's module is fetched with the page, not with the first bundle
  loader: async ({ context }) => {
    const { promotionsQueryOptions } = await import('@/features/promotions/api/get-promotions');
    return context.queryClient.ensureQueryData(promotionsQueryOptions());
  },
  component: PromotionDetailPage,
});

function PromotionDetailPage() {
  const { t } = useTranslation();
  const promotionId = useParams({ from: '/player/promotion/$promotionId', shouldThrow: false })?.promotionId;
  return (
    <>
      <PageHeading>{t('pages.promotion_detail')}</PageHeading>
      {promotionId ? <PromotionDetail promotionId={promotionId} /> : null}
    </>
  );
}
