import type { ExclusionPeriod, PlayerLimitsResponse, PutDepositLimitsBody, StaffPlayerLimitsResponse } from '@app/contracts';
import type { Tx } from '../../db/client.js';
import type { PlayerExclusionRow } from '../../db/schema/index.js';
import type { ServiceDependencies } from '../service-dependencies.js';

export interface ResponsiblePlayDependencies extends Pick<ServiceDependencies, 'db'> {
  /** the clock the time rules read (a raise in force after 24 h): injectable for tests */
  now: () => Date;
}

/** Whose limits: a player of an agency (every query is scoped by both). */
export interface PlayerRef {
  agencyId: string;
  playerId: string;
}

export interface StaffExclusion {
  period: ExclusionPeriod;
  staffId: string;
  reason: string;
}

/** Responsible play (docs/decisions/160-responsible-play.md). */
export interface ResponsiblePlayService {
  view(player: PlayerRef): Promise<PlayerLimitsResponse>;
  /** a lower limit in force at once; a higher one or a removal after 24 h (a pending one replaced) */
  setLimits(player: PlayerRef, body: PutDepositLimitsBody): Promise<PlayerLimitsResponse>;
  exclude(player: PlayerRef, period: ExclusionPeriod): Promise<PlayerLimitsResponse>;
  /** by staff, with a reason, under the player's row lock (404 for no player of the agency); the caller audits it in the same transaction */
  excludeByStaff(tx: Tx, player: PlayerRef, exclusion: StaffExclusion): Promise<PlayerExclusionRow>;
  /** the player's page in the back office: what the player sees, every change of the limits and every exclusion (404 for no player of the agency) */
  staffView(player: PlayerRef): Promise<StaffPlayerLimitsResponse>;
  /** the cooling-off or exclusion in force (the one ending last), or null */
  activeExclusion(player: PlayerRef): Promise<PlayerExclusionRow | null>;
  /** SELF_EXCLUDED during a cooling-off or an exclusion */
  assertNotExcluded(player: PlayerRef): Promise<void>;
  /**
   * In the transaction that writes a deposit order: locks the player's row (two deposits racing the
   * limit take turns), then DEPOSIT_LIMIT_REACHED if the amount would pass a limit in force.
   */
  checkDeposit(tx: Tx, player: PlayerRef, amountLak: bigint): Promise<void>;
}
