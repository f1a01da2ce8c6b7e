import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/player/game/gclub_live')({ component: GclubLivePage });

function GclubLivePage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.game_gclub_live')}</PageHeading>;
}
