import type { PlayTodayResponse } from '@app/contracts';
import type { PlayerSession } from '../../plugins/session.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { WalletService } from '../wallet/index.js';

export interface PlayTimeDependencies extends Pick<ServiceDependencies, 'db'> {
  /** the clock of the Vientiane day: injectable for tests */
  now: () => Date;
  /** the credit at a provider now, read live */
  wallet: Pick<WalletService, 'creditMinorAt'>;
}

type Player = Pick<PlayerSession, 'playerId' | 'agencyId' | 'username'>;

/** What the product knows of a player's play today (decision 113). */
export interface PlayTimeService {
  /** a game opened at `provider` with `creditMinor` there: the day's first launch there is kept, later ones change nothing */
  recordLaunch(player: Player, provider: string, creditMinor: bigint): Promise<void>;
  /** since the day's first launch, and the net result at the providers played today */
  today(player: Player): Promise<PlayTodayResponse>;
}
