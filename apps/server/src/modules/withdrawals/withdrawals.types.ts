import type {
  BackofficeWithdrawal,
  CreateWithdrawalBody,
  DashboardQueue,
  KeysetPage,
  QueueWithdrawal,
  WithdrawalDetailResponse,
  WithdrawalStatus,
} from '@app/contracts';
import type { StaffActor } from '../../audit/audit.js';
import type { Config } from '../../config.js';
import type { WithdrawalRow } from '../../db/schema/index.js';
import type { Worker } from '../../jobs/worker.js';
import type { Transfer, TransferService } from '../../ledger/transfers/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import type { BankAccountsService } from '../bank-accounts/index.js';
import type { FraudSignalsService } from '../fraud-signals/index.js';
import type { PromotionsService } from '../promotions/index.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { WalletService } from '../wallet/index.js';

export interface WithdrawalsServiceDependencies extends ServiceDependencies {
  /** the clock of the daily caps (decision 161): buildApp({ now }) in tests */
  now: () => Date;
  config: Pick<Config, 'WORKER_RETRY_BASE_MS'>;
  transfers: TransferService;
  worker: Worker;
  wallet: Pick<WalletService, 'creditMinorAt'>;
  bankAccounts: Pick<BankAccountsService, 'ofSession'>;
  promotions: Pick<PromotionsService, 'withdrawalRules' | 'withdrawalApproved'>;
  /** a withdrawal writes every kind of its player's fraud signals again (decision 164) */
  fraudSignals: Pick<FraudSignalsService, 'recordAfter'>;
}

/** A staff decision on an OPEN withdrawal, made in the decision's transaction. */
export interface Decision {
  before: WithdrawalRow;
  after: WithdrawalRow;
  /** a return to the provider to settle after commit */
  transfer: Transfer | null;
  /** the same decision again (a double click): nothing changed, nothing to audit */
  repeated?: boolean;
  /** the first of two approvals: still OPEN, waiting for a second staff user (decision 163) */
  firstApproval?: boolean;
}

export interface ApproveInput {
  agencyId: string;
  id: string;
  staffId: string;
  staffUsername: string;
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
  /** the agency's withdrawals in one status, oldest first (the order staff work through them), by keyset */
  queue(
    agencyId: string,
    q: { status: WithdrawalStatus; cursor?: string | undefined; limit: number },
  ): Promise<KeysetPage<QueueWithdrawal>>;
  /** one withdrawal of the agency with its player's signal counts (another agency's: 404) */
  detail(agencyId: string, id: string): Promise<WithdrawalDetailResponse>;
  /** how many withdrawals are OPEN, since when the oldest waits and when the newest was asked */
  openSummary(agencyId: string): Promise<DashboardQueue & { newestAt: string | null }>;
  /** paid out: SUCCESS with the bank reference; the change, its audit row and the ledger commit together.
   *  The same approval again (same reference) answers it as it stands and moves nothing. */
  approve(actor: StaffActor, id: string, bankReference: string): Promise<{ withdrawal: BackofficeWithdrawal }>;
  /** refused: REJECTED with a reason, the credit back at the provider; the same rejection again moves nothing */
  reject(actor: StaffActor, id: string, reason: string): Promise<{ withdrawal: BackofficeWithdrawal }>;
}
