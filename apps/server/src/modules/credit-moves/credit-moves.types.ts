import type { CreateCreditMoveBody } from '@app/contracts';
import type { Config } from '../../config.js';
import type { CreditMoveRow } from '../../db/schema/index.js';
import type { Worker } from '../../jobs/worker.js';
import type { TransferService } from '../../ledger/transfers/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import type { PromotionsService } from '../promotions/index.js';
import type { ProviderMaintenanceService } from '../provider-maintenance/index.js';
import type { ResponsiblePlayService } from '../responsible-play/index.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { WalletService } from '../wallet/index.js';

export interface CreditMovesDependencies extends ServiceDependencies {
  config: Pick<Config, 'WORKER_RETRY_BASE_MS'>;
  transfers: TransferService;
  worker: Worker;
  /** the live credit at the first provider */
  wallet: Pick<WalletService, 'creditMinorAt'>;
  /** a promotion's provider lock (decision 045) */
  promotions: Pick<PromotionsService, 'inUse'>;
  /** no move during a cooling-off or an exclusion (decision 176) */
  responsiblePlay: Pick<ResponsiblePlayService, 'assertNotExcluded'>;
  /** neither provider in maintenance (decision 175) */
  providerMaintenance: Pick<ProviderMaintenanceService, 'assertOpen'>;
}

/** Credit moved from one provider to another in one step (decision 176). */
export interface CreditMovesService {
  /**
   * The checks, then in one transaction the move (MOVING_OUT) and the credit taken out of the first
   * provider; the second provider's transfer follows when the first settles. `requestKey`: the
   * request's Idempotency-Key; a move already made with it is answered again, not made twice.
   */
  create(agency: AgencyContext, session: PlayerSession, body: CreateCreditMoveBody, requestKey?: string): Promise<CreditMoveRow>;
  /** one of the player's own moves (another player's or agency's answers 404) */
  one(agencyId: string, playerId: string, id: string): Promise<CreditMoveRow>;
}
