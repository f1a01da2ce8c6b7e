import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { providerTransfers } from '../../db/schema/index.js';
import type { JobType } from '../../jobs/types.js';
import type { ProviderAdapter } from '../../providers/types.js';
import type { Leases } from '../../jobs/leases.js';

/**
 * What a provider transfer is, and what the modules that request transfers of a kind give in
 * return: the handler that moves their orders when the transfer settles (DESIGN.md §4,
 * docs/decisions/009-ledger.md).
 */
/**
 * Every kind of transfer, each settled by the handler of the module that requests it (deposit:
 * modules/deposits; withdraw, withdraw_return: modules/withdrawals; promotion_clawback: modules/promotions; move_out, move_in, move_return: modules/credit-moves). A new kind is added here; the
 * app refuses to start while one has no handler, and a transfer of a kind without one is never
 * settled (its job fails and is retried) rather than settled without its order.
 */
export const transferKindSchema = z.enum([
  'deposit',
  'withdraw',
  'withdraw_return',
  'promotion_clawback',
  'move_out',
  'move_in',
  'move_return',
]);
export type TransferKind = z.infer<typeof transferKindSchema>;

export type Transfer = typeof providerTransfers.$inferSelect;
export type Settlement = 'POSTED' | 'VOIDED';
/** Runs inside the settling transaction, before the ledger moves: lock and update the order here. */
export type SettledHandler = (tx: Tx, transfer: Transfer, outcome: Settlement) => Promise<void>;
/** The same for every transfer of a kind settled together: one statement for all their orders. */
export type SettledManyHandler = (tx: Tx, settled: { transfer: Transfer; outcome: Settlement }[]) => Promise<void>;

/** What the provider said of a transfer, to settle it with. */
export interface SettleRequest {
  transferId: string;
  outcome: Settlement;
  providerTransferId: string | null;
  reason?: string;
}

export interface ProviderLookup {
  get(id: string): ProviderAdapter;
}

export interface TransferParams {
  agencyId: string;
  playerId: string;
  username: string;
  providerId: string;
  direction: 'IN' | 'OUT';
  /** THB minor units */
  amount: bigint;
  /** unique; also the provider's idempotency key */
  reference: string;
  /** which module settles it */
  kind: TransferKind;
  orderId?: string;
  /** IN: where the credit comes from; OUT: where it goes once taken from the provider */
  counterAccountId: string;
}

export interface TransferOptions {
  /** the first retry of an unknown outcome waits this long, doubling each time */
  retryBaseMs: number;
  /** a transfer still unknown after this long is flagged for staff */
  attentionMinutes: number;
  /** how long a dispatched transfer's job waits before the worker takes it over (the worker's lease) */
  leaseMs?: number;
  /** the provider calls of dispatched transfers, at most this many at once */
  dispatchConcurrency: number;
}

/** What every operation on transfers works with. */
export interface TransferContext {
  db: Db;
  providers: ProviderLookup;
  log: FastifyBaseLogger;
  opts: TransferOptions;
  /** the worker's heartbeat (set when attached): a dispatched transfer's job is held while this process works on it (decision 060) */
  leases?: Leases;
}

export const TRANSFER_JOB = 'provider_transfer' satisfies JobType;

/** The job of a transfer: its unique key. */
export const jobKey = (transferId: string) => `transfer:${transferId}`;
