import type { GamesResponse, Language } from '@app/contracts';
import type { PlayerSession } from '../../plugins/session.js';
import type { ProviderLookup } from '../../providers/types.js';
import type { PlayTimeService } from '../play-time/index.js';
import type { ProviderMaintenanceService } from '../provider-maintenance/index.js';
import type { ResponsiblePlayService } from '../responsible-play/index.js';
import type { WalletService } from '../wallet/index.js';

export interface GamesServiceDependencies {
  providers: ProviderLookup;
  wallet: Pick<WalletService, 'creditMinorAt'>;
  /** no game during a cooling-off or an exclusion */
  responsiblePlay: Pick<ResponsiblePlayService, 'assertNotExcluded'>;
  /** no game at a provider the agency switched off for maintenance (decision 175) */
  providerMaintenance: Pick<ProviderMaintenanceService, 'assertOpen'>;
  /** the day's first launch per provider, where the hourly reminder's figures start (decision 113) */
  playTime: Pick<PlayTimeService, 'recordLaunch'>;
}

export interface LaunchRequest {
  provider: string;
  gameId: string;
  language: Language;
  /** where the provider sends the player back: the game page on a host the agency serves */
  returnUrl: string;
}

/** A provider's catalogue, one tab at a time, and launch URLs (SPEC.md §6). */
export interface GamesService {
  /** one tab of a provider's catalogue: the asked tab when it exists, else the first */
  list(provider: string, askedTab: string | undefined): Promise<GamesResponse>;
  launch(session: PlayerSession, req: LaunchRequest): Promise<{ url: string }>;
}
