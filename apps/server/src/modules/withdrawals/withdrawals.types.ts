import type { CreateWithdrawalBody } from '@app/contracts';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import type { WithdrawalRow } from '../../db/schema/index.js';
import type { Worker } from '../../jobs/worker.js';
import type { Transfer, TransferService } from '../../ledger/transfers/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import type { BankAccountsService } from '../bank-accounts/bank-accounts.types.js';
import type { PromotionsService } from '../promotions/promotions.types.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { WalletService } from '../wallet/wallet.types.js';

export interface WithdrawalsServiceDependencies extends ServiceDependencies {
  config: Pick<Config, 'WORKER_RETRY_BASE_MS'>;
  transfers: TransferService;
  worker: Worker;
  wallet: Pick<WalletService, 'creditMinorAt'>;
  bankAccounts: Pick<BankAccountsService, 'find'>;
  promotions: Pick<PromotionsService, 'withdrawalRules' | 'withdrawalApproved'>;
}

/** A staff decision on an OPEN withdrawal, made in the caller's transaction. */
export interface Decision {
  before: WithdrawalRow;
  after: WithdrawalRow;
  /** a return to the provider to settle after commit */
  transfer: Transfer | null;
  /** the same decision again (a double click): nothing changed, nothing to audit */
  repeated?: boolean;
}

export interface ApproveInput {
  agencyId: string;
  id: string;
  staffId: string;
  bankReference: string;
}

export interface RejectInput {
  agencyId: string;
  id: string;
  staffId: string;
  reason: string;
}

/** DESIGN.md §6: the player's withdrawals, and the decisions staff make on them (§9). */
export interface WithdrawalsService {
  /** SPEC.md §5's checks, then the order with the credit taken from the provider; answers PENDING, OPEN or FAILED */
  /** `requestKey`: the request's Idempotency-Key; a withdrawal already made with it is answered again, not made twice */
  create(agency: AgencyContext, session: PlayerSession, body: CreateWithdrawalBody, requestKey?: string): Promise<WithdrawalRow>;
  /** the player's cancel: only while OPEN; the credit goes back to the provider once */
  cancel(agency: AgencyContext, session: PlayerSession, id: string): Promise<WithdrawalRow>;
  /** the player's withdrawals in progress (PENDING or OPEN), newest first */
  open(agencyId: string, playerId: string): Promise<WithdrawalRow[]>;
  /** one of the player's own withdrawals (another player's or agency's answers 404, as a missing one) */
  one(agencyId: string, playerId: string, id: string): Promise<WithdrawalRow>;
  page(agencyId: string, playerId: string, page: number, pageSize: number): Promise<{ items: WithdrawalRow[]; total: number }>;
  /** staff paid the kip out: SUCCESS, in the caller's transaction (with its audit row) */
  approve(tx: Tx, p: ApproveInput): Promise<Decision>;
  /** staff refused to pay: REJECTED, and the credit goes back to the provider once */
  reject(tx: Tx, p: RejectInput): Promise<Decision>;
  /** tells the provider about a committed transfer now rather than at the worker's next poll */
  settleSoon(transfer: Transfer): Promise<void>;
}
