import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/player/promotion/history')({ component: PromotionHistoryPage });

function PromotionHistoryPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.promotion_history')}</PageHeading>;
}
