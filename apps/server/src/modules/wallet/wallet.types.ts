import type { CreditResponse, CurrencyRow } from '@app/contracts';
import type { PlayerSession } from '../../plugins/session.js';
import type { ProviderLookup } from '../../providers/types.js';
import type { ServiceDependencies } from '../service-dependencies.js';

export interface WalletServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  providers: ProviderLookup;
}

/** Rates and the player's live credit at a provider (SPEC.md §5, §7). */
export interface WalletService {
  /** the agency's currencies a player may pick: enabled, one per distinct mid or currency */
  currencies(agencyId: string): Promise<CurrencyRow[]>;
  /** the player's credit at a provider in THB minor units, asked live; 0 without an account there */
  creditMinorAt(player: Pick<PlayerSession, 'playerId' | 'agencyId' | 'username'>, provider: string): Promise<bigint>;
  creditAt(session: PlayerSession, provider: string): Promise<CreditResponse>;
}
