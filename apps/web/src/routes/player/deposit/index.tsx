import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/player/deposit/')({ component: DepositPage });

function DepositPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.deposit')}</PageHeading>;
}
