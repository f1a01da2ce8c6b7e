import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

/** Linked with a tab query (SPEC.md §2); parsed without a schema library so it stays out of the first bundle. */
export const Route = createFileRoute('/player/game/betflix')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } =>
    typeof search.tab === 'string' ? { tab: search.tab } : {},
  component: BetflixPage,
});

function BetflixPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.game_betflix')}</PageHeading>;
}
