import type { ErrorCode, PromotionInput, PromotionRules, UsePromotionBody } from '@app/contracts';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { PromotionRow, PromotionUsageRow, WithdrawalRow } from '../../db/schema/index.js';
import type { Worker } from '../../jobs/worker.js';
import type { TransferService } from '../../ledger/transfers/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { PlayerSession } from '../../plugins/session.js';
import type { ProviderLookup } from '../../providers/types.js';
import type { BankAccountsService } from '../bank-accounts/index.js';
import type { FraudSignalsService } from '../fraud-signals/index.js';
import type { ResponsiblePlayService } from '../responsible-play/index.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { OfferRow } from './promotions.offers.js';

export interface PromotionsServiceDependencies extends ServiceDependencies {
  config: Pick<Config, 'WORKER_RETRY_BASE_MS'>;
  providers: ProviderLookup;
  transfers: TransferService;
  worker: Worker;
  bankAccounts: Pick<BankAccountsService, 'find'>;
  /** no promotion during a cooling-off or an exclusion (decision 160) */
  responsiblePlay: Pick<ResponsiblePlayService, 'assertNotExcluded' | 'activeExclusion'>;
  /** no promotion in a bonus ring staff have not allowed (decision 164) */
  fraudSignals: Pick<FraudSignalsService, 'bonusRing' | 'ringBlocked'>;
}

/** Whose promotion: a player at one provider of an agency. */
export interface PromotionHolder {
  agencyId: string;
  playerId: string;
  providerId: string;
}

/** What the deposit rules of SPEC.md §5 need to know about the promotion a player holds (ACTIVE or USED). */
export interface PromotionInUse {
  usageId: string;
  status: 'ACTIVE' | 'USED';
  providerId: string;
  /** the promotion's rules as staff saved them (DESIGN.md §8): a deposit rule is read where the deposit is priced */
  rules: PromotionRules;
}

/** What the withdrawal rules see: the amount asked and the player's live credit there (THB minor). */
export interface WithdrawalRuleInput extends PromotionHolder {
  username: string;
  amount: bigint;
  credit: bigint;
}

/**
 * How the credit taken from the provider splits (SPEC.md §5, DESIGN.md §8): `totalCredit` leaves
 * the provider; `creditReceived` is paid out in kip; `creditReturned` (a receivable cap's excess)
 * and `promoCredit` (the bonus deducted) go to the promotion account at approval.
 * totalCredit = creditReceived + creditReturned + promoCredit. `promotionUsageId`: the usage it is
 * made under, whose SUCCESS its approval is.
 */
export interface WithdrawalPlan {
  totalCredit: bigint;
  creditReceived: bigint;
  creditReturned: bigint;
  promoCredit: bigint;
  promotionUsageId: string | null;
}

export type WithdrawalRuleResult = { ok: true; plan: WithdrawalPlan } | { ok: false; code: ErrorCode };

/** A deposit just marked PAID, as the bonus claim sees it. */
export interface PaidDeposit {
  id: string;
  agencyId: string;
  playerId: string;
  providerId: string;
  creditThb: bigint;
  createdAt: Date;
}

/** The bonus a paid deposit carries: its usage turned USED, the amount, and the account it is posted from. */
export interface ClaimedBonus {
  usageId: string;
  bonus: bigint;
}

/** A usage with its promotion, ready for the view. */
export interface UsageWithPromotion {
  usage: PromotionUsageRow;
  promotion: PromotionRow;
}

/** Promotions: the player's calls, the engine the deposits and withdrawals call into, and staff's calls. */
export interface PromotionsService {
  // --- what the deposits and withdrawals ask ---
  /** the usage the player holds (ACTIVE or USED), at any provider; in the caller's transaction when given */
  inUse(holder: Omit<PromotionHolder, 'providerId'>, db?: Db | Tx): Promise<PromotionInUse | null>;
  /**
   * In the PAID transaction: each deposit's ACTIVE usage at its provider, taken before the order,
   * turns USED (a status predicate: a cancel that won the row first leaves it CANCELED and the
   * deposit without bonus) and its bonus is computed. Answers by order id.
   */
  claimBonuses(tx: Tx, deposits: readonly PaidDeposit[]): Promise<Map<string, ClaimedBonus>>;
  /** In the transaction that finds these deposits' transfers VOIDED: their USED usages end and the bonus goes back. */
  returnVoidedBonuses(tx: Tx, orderIds: readonly string[]): Promise<void>;
  /** The withdrawal rules (target credit, turnover, withdraw all) and the split of the credit taken. */
  withdrawalRules(input: WithdrawalRuleInput): Promise<WithdrawalRuleResult>;
  /** In the approval's transaction: the usage the withdrawal was made under → SUCCESS. */
  withdrawalApproved(tx: Tx, w: WithdrawalRow): Promise<void>;

  // --- the player's calls (SPEC.md §7) ---
  get(agencyId: string, id: string): Promise<PromotionRow>;
  use(agency: AgencyContext, session: PlayerSession, body: UsePromotionBody): Promise<UsageWithPromotion>;
  /** the held usage with its promotion as the player sees it (no image bytes) */
  using(session: PlayerSession): Promise<{ usage: PromotionUsageRow; promotion: OfferRow } | null>;
  recheck(agency: AgencyContext, session: PlayerSession): Promise<UsageWithPromotion>;
  history(session: PlayerSession, page: number, pageSize: number): Promise<{ items: UsageWithPromotion[]; total: number }>;
  /** the player's own usage (playerId given) or any of the agency's (staff) */
  cancel(
    owner: { agencyId: string; playerId?: string },
    usageId: string,
    by: 'PLAYER' | 'STAFF',
    /** in the cancel's transaction, with the usage as it was left (staff: the audit entry) */
    inTransaction?: (tx: Tx, usage: PromotionUsageRow) => Promise<void>,
  ): Promise<UsageWithPromotion>;
  isBlocked(agencyId: string, playerId: string): Promise<boolean>;
  /** the first reason a `use` would be refused now, whatever the promotion, or null */
  blockingReason(session: PlayerSession): Promise<ErrorCode | null>;

  // --- staff (DESIGN.md §9) ---
  /** in `db`: the route's transaction, which also writes the audit entry */
  create(db: Db | Tx, agencyId: string, input: PromotionInput): Promise<PromotionRow>;
  update(db: Db | Tx, agencyId: string, id: string, input: PromotionInput): Promise<PromotionRow>;
  /** is_active = false and a job that turns its ACTIVE usages INACTIVE */
  deactivate(tx: Tx, agencyId: string, id: string): Promise<PromotionRow>;
  /** players.promotion_blocked (GET /v2/players/backlist); NOT_FOUND for another agency's player */
  setBlocked(tx: Tx, agencyId: string, playerId: string, blocked: boolean): Promise<void>;
}
