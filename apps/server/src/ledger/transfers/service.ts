import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { JobResult, Worker } from '../../jobs/worker.js';
import type { PostRequest } from '../ledger.js';
import { lockPlayerAccounts, playerAccountKeys, playerAccounts, playerCreditAccount } from './accounts.js';
import { Dispatcher } from './dispatch.js';
import {
  TRANSFER_JOB,
  type ProviderLookup,
  type SettledHandler,
  type SettledManyHandler,
  type SettleRequest,
  type Settlement,
  type Transfer,
  type TransferContext,
  type TransferKind,
  transferKindSchema,
  type TransferOptions,
  type TransferParams,
} from './kinds.js';
import { processTransfers } from './process.js';
import { requestTransfers, type RequestItem } from './request.js';
import { settleTransfers, settleTransfersIn } from './settle.js';
import { creditVersion, syncCredit } from './sync-credit.js';

/**
 * Credit moving to (IN) or from (OUT) a game provider (DESIGN.md §4, docs/decisions/009-ledger.md).
 *
 * request(): in the caller's transaction, reserve the amount in the ledger (source → in flight),
 * write the PENDING transfer and its job. The worker then calls the provider with our reference:
 * a definite success posts it (in flight → destination), a definite refusal voids it (in flight →
 * back to the source), and an unknown answer is never refunded blindly: the worker asks the
 * provider's status by reference, with backoff, until it knows. Each operation lives in a file of
 * its own in this folder; this class holds their shared state (the kinds' handlers, the dispatch).
 */
export class TransferService {
  private readonly handlers = new Map<string, SettledManyHandler>();
  private readonly ctx: TransferContext;
  private readonly dispatcher: Dispatcher;

  constructor(db: Db, providers: ProviderLookup, log: FastifyBaseLogger, opts: TransferOptions) {
    this.ctx = { db, providers, log, opts };
    this.dispatcher = new Dispatcher(this.ctx, (requests, o) => this.settleMany(requests, o));
  }

  /** Wires the worker: one job type, the claimed jobs handled together by `processMany`. */
  attach(worker: Worker) {
    this.ctx.leases = worker.leases;
    worker.handleBatch(TRANSFER_JOB, (jobs) => this.processMany(jobs.map((job) => job.payload.transferId)));
  }

  /** A handler of one settled transfer at a time (the rare kinds: withdrawals and their returns). */
  onSettled(kind: TransferKind, handler: SettledHandler) {
    this.handlers.set(kind, async (tx, settled) => {
      for (const { transfer, outcome } of settled) await handler(tx, transfer, outcome);
    });
  }

  /** A handler of every transfer of its kind settled together (the deposits: docs/decisions/021). */
  onSettledMany(kind: TransferKind, handler: SettledManyHandler) {
    this.handlers.set(kind, handler);
  }

  /** Throws unless every declared kind (./kinds.ts) has a settlement handler: checked when the app starts. */
  assertEveryKindHandled(kinds: readonly string[] = transferKindSchema.options) {
    const missing = kinds.filter((kind) => !this.handlers.has(kind));
    if (missing.length > 0) throw new Error(`transfer kinds without a settlement handler: ${missing.join(', ')}`);
  }

  /** The handler of a kind; none is an error (the settlement rolls back, the job is retried), never a settlement without its order. */
  private handlerOf(kind: string): SettledManyHandler {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no settlement handler for transfer kind ${kind}`);
    return handler;
  }

  /** See `playerAccounts` in ./accounts.ts. */
  async playerAccounts(tx: Tx, agencyId: string, playerId: string, providerId: string) {
    return playerAccounts(tx, agencyId, playerId, providerId);
  }

  /** See `lockPlayerAccounts` in ./accounts.ts. */
  async lockPlayerAccounts(...args: Parameters<typeof lockPlayerAccounts>) {
    return lockPlayerAccounts(...args);
  }

  /** The identities of `playerAccounts`, for a caller that looks them up with accounts of its own. */
  playerAccountKeys(agencyId: string, playerId: string, providerId: string) {
    return playerAccountKeys(agencyId, playerId, providerId);
  }

  async playerCreditAccount(tx: Tx, agencyId: string, playerId: string, providerId: string) {
    return playerCreditAccount(tx, agencyId, playerId, providerId);
  }

  /** One transfer of `requestMany`. */
  async request(
    tx: Tx,
    p: TransferParams,
    /** `playerAccounts(…)` of this player and provider when the caller already has them */
    accounts?: readonly [inFlight: string, credit: string],
  ): Promise<{ transfer: Transfer; duplicate: boolean }> {
    const [requested] = await this.requestMany(tx, [{ params: p, ...(accounts ? { accounts } : {}) }]);
    return requested!;
  }

  /** See ./request.ts; `dispatch`: the caller hands the new transfers to `dispatch()` once its transaction commits. */
  async requestMany(tx: Tx, items: readonly RequestItem[], postFirst: readonly PostRequest[] = [], opts: { dispatch?: boolean } = {}) {
    return requestTransfers(tx, items, postFirst, { ...opts, leaseMs: this.ctx.opts.leaseMs ?? this.ctx.leases?.leaseMs ?? 60_000 });
  }

  /** See ./dispatch.ts. */
  dispatch(transfers: readonly Transfer[]) {
    this.dispatcher.dispatch(transfers);
  }

  /** Resolves once no dispatched transfer is under way (tests, shutdown). */
  async idle() {
    await this.dispatcher.idle();
  }

  /** One step of a transfer's life: ask or tell the provider, then settle or schedule a retry. */
  async process(transferId: string): Promise<JobResult> {
    const [result] = await this.processMany([transferId]);
    return result!;
  }

  /** See ./process.ts. */
  async processMany(transferIds: readonly string[]): Promise<JobResult[]> {
    return processTransfers(this.ctx, (requests) => this.settleMany(requests), transferIds);
  }

  /** Settles once: the transfer row lock makes a second settlement a no-op. */
  async settle(transferId: string, outcome: Settlement, providerTransferId: string | null, reason?: string) {
    await this.settleMany([{ transferId, outcome, providerTransferId, ...(reason ? { reason } : {}) }]);
  }

  /** See ./settle.ts: in the caller's transaction, answering the transfers it settled. */
  async settleIn(tx: Tx, requests: readonly SettleRequest[], opts: { completeJobs?: boolean } = {}) {
    return settleTransfersIn(tx, (kind) => this.handlerOf(kind), requests, opts);
  }

  /** See ./settle.ts. */
  async settleMany(requests: readonly SettleRequest[], opts: { completeJobs?: boolean } = {}) {
    await settleTransfers(this.ctx.db, (kind) => this.handlerOf(kind), requests, opts);
  }

  /** See ./sync-credit.ts. */
  async syncCredit(...args: Parameters<typeof syncCredit>) {
    return syncCredit(...args);
  }

  /** The version of a player's credit account now (0 when it does not exist yet), for syncCredit. */
  async creditVersion(db: Db | Tx, agencyId: string, playerId: string, providerId: string): Promise<bigint> {
    return creditVersion(db, agencyId, playerId, providerId);
  }
}
