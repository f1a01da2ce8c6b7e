import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/player/game/alphabet')({ component: AlphabetPage });

function AlphabetPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.game_alphabet')}</PageHeading>;
}
