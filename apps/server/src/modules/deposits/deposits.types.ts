import type { CreateDepositBody, PageQuery } from '@app/contracts';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import type { DepositOrderRow, DepositStatus } from '../../db/schema/index.js';
import type { Worker } from '../../jobs/worker.js';
import type { Transfer, TransferService } from '../../ledger/transfers/index.js';
import type { BankGateway, BankGateways, BankNotice } from '../../payments/index.js';
import type { AgencyContext } from '../../plugins/agency.js';
import type { RateLimiter } from '../../plugins/rate-limit.js';
import type { PlayerSession } from '../../plugins/session.js';
import type { PromotionsService } from '../promotions/index.js';
import type { ProviderMaintenanceService } from '../provider-maintenance/index.js';
import type { ResponsiblePlayService } from '../responsible-play/index.js';
import type { ServiceDependencies } from '../service-dependencies.js';
import type { WalletService } from '../wallet/index.js';
import type { PaymentConfirmations } from './deposits.confirmations.js';

/** what a review decision changed, for its audit row; null when it changed nothing (a repeat) */
export type ReviewChange = { before: Record<string, unknown>; after: Record<string, unknown> } | null;

export interface DepositsServiceDependencies extends ServiceDependencies {
  config: Pick<Config, 'WORKER_RETRY_BASE_MS' | 'BANK_STATUS_CONCURRENCY'>;
  /** the adapter of the protocol each agency chose for each bank (payments/bank-gateways.ts) */
  bankGateways: Pick<BankGateways, 'for'>;
  /** bounds the players' gateway questions ("check", "cancel") per order and per player */
  rateLimiter: Pick<RateLimiter, 'consume'>;
  transfers: TransferService;
  worker: Worker;
  wallet: Pick<WalletService, 'creditMinorAt'>;
  promotions: Pick<PromotionsService, 'inUse' | 'claimBonuses' | 'returnVoidedBonuses'>;
  /** the deposit limits and exclusion, checked in the transaction that writes the order */
  responsiblePlay: Pick<ResponsiblePlayService, 'checkDeposit'>;
  /** no deposit at a provider the agency switched off for maintenance (decision 175) */
  providerMaintenance: Pick<ProviderMaintenanceService, 'inForceSql' | 'assertOpenRead'>;
}

export interface ConfirmedPayment {
  bankReference: string;
  paidAt: Date;
}

/** What a bank callback is answered: 202 while its payment is being confirmed, 200 once it was settled before. */
export interface CallbackAnswer {
  confirming: boolean;
  status: DepositStatus;
}

/** Deposit by LAO QR (DESIGN.md §5, docs/decisions/014-deposits.md). */
export interface DepositsService {
  /** an OPEN order, priced, written with its expiry job and registered at the gateway */
  create(agency: AgencyContext, session: PlayerSession, body: CreateDepositBody): Promise<DepositOrderRow>;
  /** the player's deposit history, newest first */
  list(session: PlayerSession, page: PageQuery): Promise<{ items: DepositOrderRow[]; total: number }>;
  /** the player's own order, or 404 (another player's id looks exactly like a missing one) */
  own(session: PlayerSession, id: string): Promise<DepositOrderRow>;
  /** the player's OPEN order, if any */
  open(session: PlayerSession): Promise<DepositOrderRow | null>;
  /** the "check" button: asks the gateway now (once per order every few seconds, else RATE_LIMITED); ORDER_NOT_PAID until paid */
  check(session: PlayerSession, id: string): Promise<DepositOrderRow>;
  /**
   * Staff's "ask the bank" on an order of their agency that is not credited (OPEN or CANCELED): the
   * same confirmation as the player's check (credited only as the bank says); another order is
   * answered as it is. 404 for an order of another agency.
   */
  confirmWithBank(agencyId: string, id: string): Promise<{ paid: boolean; order: DepositOrderRow }>;
  /** OPEN → CANCELED after asking the gateway, so that a paid order is never canceled */
  cancel(session: PlayerSession, id: string): Promise<DepositOrderRow>;
  /**
   * A verified bank notice named this gateway reference: a hint, confirmed with the gateway in the
   * background. `gateway` is the adapter that verified it: a payment that credits no order is
   * confirmed with it (its lookup by bank reference) before anything is booked.
   */
  callback(notice: BankNotice, from: { agencyId: string | null; gateway: BankGateway }): Promise<CallbackAnswer>;
  /** the kip staff pay back from the deposits needing attention (decision 059), each once, in the caller's transaction */
  readonly refundKip: {
    /** a FAILED order's kip: EXCHANGE(LAK) → BANK_CLEARING */
    order(tx: Tx, order: Pick<DepositOrderRow, 'id' | 'agencyId' | 'playerId' | 'amountLak'>, bankReference: string): Promise<void>;
    /** an unmatched payment's kip, out as it came in (a payment in another currency was never booked) */
    unmatched(tx: Tx, payment: { id: string; agencyId: string; currency: string; amountLak: bigint }, bankReference: string): Promise<void>;
  };
  /** a held deposit's decision (decision 162), in the caller's transaction with its audit row */
  readonly review: {
    /** REVIEW → PAID and the credit requested once; a repeat or a colleague first changes nothing */
    approve(tx: Tx, a: { agencyId: string; id: string; staffId: string }): Promise<{ change: ReviewChange; requested: Transfer[] }>;
    /** REVIEW → REJECTED and the kip refunded with the refund's bank reference, once */
    reject(
      tx: Tx,
      a: { agencyId: string; id: string; staffId: string; bankReference: string; reason?: string | undefined },
    ): Promise<ReviewChange>;
  };
  /** the payments waiting for the gateway's confirmation (tests look at it) */
  readonly confirmations: PaymentConfirmations;
  /** stops asking the gateway (app close): the confirmations under way finish */
  close(): Promise<void>;
}
