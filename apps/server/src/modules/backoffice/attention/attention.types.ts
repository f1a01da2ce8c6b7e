import type { AttentionItem, AttentionKind, AttentionSummary, KeysetPage } from '@app/contracts';
import type { Config } from '../../../config.js';
import type { TransferService } from '../../../ledger/transfers/index.js';
import type { StaffActor } from '../../../audit/audit.js';
import type { DepositsService } from '../../deposits/index.js';
import type { ServiceDependencies } from '../../service-dependencies.js';

export interface AttentionServiceDependencies extends Pick<ServiceDependencies, 'db'> {
  config: Pick<Config, 'TRANSFER_ATTENTION_MINUTES'>;
  transfers: Pick<TransferService, 'requestMany' | 'dispatch' | 'settleIn'>;
  /** the deposits' own kip bookings, for the refunds staff make here */
  deposits: Pick<DepositsService, 'refundKip' | 'review'>;
}

/** Deposits needing attention (DESIGN.md §9, docs/decisions/059); every call scoped to the staff's agency. */
export interface AttentionService {
  list(agencyId: string, kind: AttentionKind, cursor: string | undefined, limit: number): Promise<KeysetPage<AttentionItem>>;
  /** count and oldest of each list: the dashboard's queues */
  summary(agencyId: string): Promise<AttentionSummary>;
  /** a FAILED deposit's transfer made again; `seen`: the transfers the staff member saw (a repeat does nothing) */
  retry(actor: StaffActor, depositId: string, seen: number): Promise<{ item: AttentionItem | null }>;
  /** an unknown transfer asked about again now */
  recheck(actor: StaffActor, transferId: string): Promise<{ item: AttentionItem | null }>;
  /** an unknown transfer decided from the provider's own records (applied or not), with a note */
  resolve(actor: StaffActor, transferId: string, body: { applied: boolean; note: string }): Promise<{ item: AttentionItem | null }>;
  /** a FAILED deposit's kip refunded to the payer with the bank's reference */
  refundDeposit(actor: StaffActor, depositId: string, bankReference: string): Promise<{ item: AttentionItem | null }>;
  /** an unmatched payment refunded with the bank's reference */
  refundPayment(actor: StaffActor, paymentId: string, bankReference: string): Promise<{ item: AttentionItem | null }>;
  /** a held deposit approved: its credit sent through the normal path, once (decision 162) */
  approveHeld(actor: StaffActor, depositId: string): Promise<{ item: AttentionItem | null }>;
  /** a held deposit rejected with a reason, its kip refunded with the bank's reference of the refund */
  rejectHeld(
    actor: StaffActor,
    depositId: string,
    body: { bankReference: string; reason?: string | undefined },
  ): Promise<{ item: AttentionItem | null }>;
}
