import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/player/withdraw/')({ component: WithdrawPage });

function WithdrawPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.withdraw')}</PageHeading>;
}
