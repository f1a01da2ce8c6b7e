import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/player/promotion/$promotionId')({ component: PromotionDetailPage });

function PromotionDetailPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.promotion_detail')}</PageHeading>;
}
