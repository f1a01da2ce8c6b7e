import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

/** Linked with a tab query (SPEC.md §2); parsed without a schema library so it stays out of the first bundle. */
export const Route = createFileRoute('/player/game/askmebet')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } =>
    typeof search.tab === 'string' ? { tab: search.tab } : {},
  component: AskmebetPage,
});

function AskmebetPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.game_askmebet')}</PageHeading>;
}
