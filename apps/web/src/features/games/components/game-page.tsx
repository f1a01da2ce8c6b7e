import type { ReactNode } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderId } from '@app/contracts';
import { PageHeading } from '@/components/ui/page-heading';
import type { GameSearch } from '../game-pages';
import { GameCatalogue } from './game-catalogue';

/** A provider's game page: its name, the player's credit there (given by the route), the catalogue by tab. */
export function GamePage({ provider, credit }: { provider: ProviderId; credit: ReactNode }) {
  const { t } = useTranslation();
  const { tab } = useSearch({ strict: false }) as GameSearch;
  return (
    <>
      <PageHeading>{t(`pages.game_${provider}`)}</PageHeading>
      {credit}
      <GameCatalogue provider={provider} tab={tab} />
    </>
  );
}
