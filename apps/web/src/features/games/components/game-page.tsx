import { Suspense, lazy, type ReactNode } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderId } from '@app/contracts';
import { PageHeading } from '@/components/ui/page-heading';
import { ProviderMaintenanceNotice } from '@/components/ui/provider-maintenance-notice';
import { useProviderMaintenance } from '@/lib/api/provider-maintenance';
import type { GameSearch } from '../game-pages';
import { GameCatalogue } from './game-catalogue';

// the hourly reminder (decision 113): its read and dialog load after the page, never in its first JavaScript
const PlayReminder = lazy(() => import('./play-reminder'));

/**
 * A provider's game page: its name, the player's credit there (given by the route), the catalogue by tab;
 * while the provider is in maintenance (decision 175), that instead of a catalogue whose games would not open.
 */
export function GamePage({ provider, credit }: { provider: ProviderId; credit: ReactNode }) {
  const { t } = useTranslation();
  const { tab } = useSearch({ strict: false }) as GameSearch;
  const maintenance = useProviderMaintenance().data?.maintenance.find((m) => m.provider === provider);
  return (
    <>
      <PageHeading>{t(`pages.game_${provider}`)}</PageHeading>
      {credit}
      {maintenance ? <ProviderMaintenanceNotice maintenance={maintenance} /> : <GameCatalogue provider={provider} tab={tab} />}
      <Suspense fallback={null}>
        <PlayReminder />
      </Suspense>
    </>
  );
}
