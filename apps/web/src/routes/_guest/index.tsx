import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/_guest/')({ component: HomePage });

function HomePage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.home')}</PageHeading>;
}
