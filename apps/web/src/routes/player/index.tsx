import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/player/')({ component: PlayerHome });

function PlayerHome() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.player')}</PageHeading>;
}
