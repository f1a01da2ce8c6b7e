import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { usePageSearch, validatePageSearch } from '@/lib/page-search';
import { PromotionHistory } from '@/features/promotions/components/promotion-history';

export const Route = createFileRoute('/player/promotion/history')({
  validateSearch: validatePageSearch,
  component: PromotionHistoryPage,
});

function PromotionHistoryPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePageSearch('/player/promotion/history');
  return (
    <>
      <PageHeading>{t('pages.promotion_history')}</PageHeading>
      <PromotionHistory page={page} pageSize={pageSize} />
    </>
  );
}
