import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { ledgerAccounts, providerTransfers } from '../db/schema/index.js';
import type { Job } from '../jobs/queue.js';
import { enqueueSql } from '../jobs/queue.js';
import type { JobResult, Worker } from '../jobs/worker.js';
import type { ProviderAdapter, TransferOutcome } from '../providers/types.js';
import { ensureAccount, ensureAccounts, houseAccount, houseKey, playerCreditState, post, type AccountKey } from './ledger.js';

/**
 * Credit moving to (IN) or from (OUT) a game provider (DESIGN.md §4, docs/decisions/009-ledger.md).
 *
 * request(): in the caller's transaction, reserve the amount in the ledger (source → in flight),
 * write the PENDING transfer and its job. The worker then calls the provider with our reference:
 * a definite success posts it (in flight → destination), a definite refusal voids it (in flight →
 * back to the source), and an unknown answer is never refunded blindly: the worker asks the
 * provider's status by reference, with backoff, until it knows.
 */
export type Transfer = typeof providerTransfers.$inferSelect;
export type Settlement = 'POSTED' | 'VOIDED';
/** Runs inside the settling transaction, before the ledger moves: lock and update the order here. */
export type SettledHandler = (tx: Tx, transfer: Transfer, outcome: Settlement) => Promise<void>;

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
  /** which module settles it (deposit, withdraw, withdraw_return, promotion_bonus, …) */
  kind: string;
  orderId?: string;
  /** IN: where the credit comes from; OUT: where it goes once taken from the provider */
  counterAccountId: string;
}

export const TRANSFER_JOB = 'provider_transfer';

/** In a query on provider_transfers: the id of the transfer's player's credit account at its provider. */
const creditAccountOf = sql<string | null>`(SELECT a.id FROM ledger_accounts a
   WHERE a.agency_id = provider_transfers.agency_id AND a.type = 'PLAYER_CREDIT' AND a.currency = 'THB'
     AND a.player_id = provider_transfers.player_id AND a.provider_id = provider_transfers.provider_id AND a.shard = 0)`;

export class TransferService {
  private readonly handlers = new Map<string, SettledHandler>();

  constructor(
    private readonly db: Db,
    private readonly providers: ProviderLookup,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { retryBaseMs: number; attentionMinutes: number },
  ) {}

  /** Wires the worker: one job type, handled by `process`. */
  attach(worker: Worker) {
    worker.register(TRANSFER_JOB, (job: Job) => this.process(String(job.payload.transferId)));
  }

  onSettled(kind: string, handler: SettledHandler) {
    this.handlers.set(kind, handler);
  }

  /**
   * The in-flight account a new transfer of this player at this provider reserves on, and the
   * player's credit account there, in one query: `[inFlight, credit]`.
   */
  async playerAccounts(tx: Tx, agencyId: string, playerId: string, providerId: string) {
    return ensureAccounts(tx, this.playerAccountKeys(agencyId, playerId, providerId));
  }

  /** The identities of `playerAccounts`, for a caller that looks them up with accounts of its own. */
  playerAccountKeys(agencyId: string, playerId: string, providerId: string) {
    return [
      houseKey({ agencyId, playerId, type: 'TRANSFER_IN_FLIGHT', currency: 'THB', providerId }),
      { agencyId, type: 'PLAYER_CREDIT', currency: 'THB', playerId, providerId },
    ] as const satisfies readonly AccountKey[];
  }

  /** The in-flight account a transfer reserved on (shard 0 for those requested before migration 0009). */
  private async reservedOn(tx: Tx, t: Transfer) {
    return t.inFlightAccountId ?? ensureAccount(tx, { agencyId: t.agencyId, type: 'TRANSFER_IN_FLIGHT', currency: 'THB', providerId: t.providerId });
  }

  async playerCreditAccount(tx: Tx, agencyId: string, playerId: string, providerId: string) {
    return ensureAccount(tx, { agencyId, type: 'PLAYER_CREDIT', currency: 'THB', playerId, providerId });
  }

  /**
   * Reserves the amount and queues the provider call, in the caller's transaction. An OUT larger
   * than the player's ledger credit throws InsufficientFundsError. A repeated reference returns the
   * first transfer and moves nothing.
   */
  async request(
    tx: Tx,
    p: TransferParams,
    /** `playerAccounts(…)` of this player and provider when the caller already has them */
    accounts?: readonly [inFlight: string, credit: string],
  ): Promise<{ transfer: Transfer; duplicate: boolean }> {
    // The ledger posting comes first: it takes the accounts' row locks in id order before the
    // transfer row's foreign key takes a share lock on the counter account. The other way round,
    // two requests on one counter account could each hold the share lock and wait for the other.
    const transferId = randomUUID();
    const [inFlight, credit] = accounts ?? (await this.playerAccounts(tx, p.agencyId, p.playerId, p.providerId));
    const reserved = await post(tx, {
      agencyId: p.agencyId,
      reference: `transfer:${p.reference}:pending`,
      kind: `${p.kind}:pending`,
      entries: [{ from: p.direction === 'IN' ? p.counterAccountId : credit, to: inFlight, currency: 'THB', amount: p.amount }],
      metadata: { transferId },
    });
    if (reserved.duplicate) {
      const [existing] = await tx.select().from(providerTransfers).where(eq(providerTransfers.reference, p.reference));
      return { transfer: existing!, duplicate: true };
    }
    // the transfer and its job in one statement: the job written by a CTE (the transactional outbox)
    const job = tx.$with('job', {}).as(enqueueSql({ type: TRANSFER_JOB, payload: { transferId }, uniqueKey: `transfer:${transferId}` }));
    const [created] = await tx
      .with(job)
      .insert(providerTransfers)
      .values({
        id: transferId,
        agencyId: p.agencyId,
        playerId: p.playerId,
        playerUsername: p.username,
        providerId: p.providerId,
        direction: p.direction,
        amount: p.amount,
        reference: p.reference,
        kind: p.kind,
        orderId: p.orderId ?? null,
        counterAccountId: p.counterAccountId,
        inFlightAccountId: inFlight,
      })
      .returning();
    return { transfer: created!, duplicate: false };
  }

  /** One step of a transfer's life: ask or tell the provider, then settle or schedule a retry. */
  async process(transferId: string): Promise<JobResult> {
    // count the attempt before calling: after a crash mid-call the next run asks for the status
    const [counted] = await this.db
      .update(providerTransfers)
      .set({ attempts: sql`${providerTransfers.attempts} + 1`, updatedAt: sql`now()` })
      .where(and(eq(providerTransfers.id, transferId), eq(providerTransfers.status, 'PENDING')))
      .returning();
    if (!counted) return { done: true };
    const t = { ...counted, attempts: counted.attempts - 1 }; // as it was before this attempt
    const adapter = this.providers.get(t.providerId);
    const request = {
      reference: t.reference,
      direction: t.direction,
      player: { playerId: t.playerId, agencyId: t.agencyId, username: t.playerUsername },
      amountMinor: t.amount,
    };
    let outcome: TransferOutcome;
    try {
      if (t.attempts === 0) {
        outcome = await adapter.transfer(request);
      } else {
        const status = await adapter.transferStatus(t.reference);
        // never applied there: sending it again with the same reference is safe
        outcome = status.status === 'NOT_FOUND' ? await adapter.transfer(request) : status;
      }
    } catch (err) {
      outcome = { status: 'UNKNOWN', reason: err instanceof Error ? err.message : String(err) };
    }
    if (outcome.status === 'POSTED') {
      await this.settle(t.id, 'POSTED', outcome.providerTransferId);
      return { done: true };
    }
    if (outcome.status === 'REFUSED') {
      await this.settle(t.id, 'VOIDED', null, outcome.reason);
      return { done: true };
    }
    const ageMinutes = (Date.now() - t.createdAt.getTime()) / 60_000;
    await this.db
      .update(providerTransfers)
      .set({ lastError: outcome.reason.slice(0, 500), needsAttention: ageMinutes >= this.opts.attentionMinutes })
      .where(eq(providerTransfers.id, t.id));
    this.log.warn({ transferId: t.id, reference: t.reference, reason: outcome.reason }, 'transfer outcome unknown; will ask again');
    const delay = Math.min(this.opts.retryBaseMs * 2 ** t.attempts, 60_000);
    return { done: false, retryInMs: delay, error: outcome.reason };
  }

  /** Settles once: the transfer row lock makes a second settlement a no-op. */
  async settle(transferId: string, outcome: Settlement, providerTransferId: string | null, reason?: string) {
    await this.db.transaction(async (tx) => {
      // the transfer locked, with the player's credit account there (it exists: request() made it)
      const [row] = await tx
        .select({ ...getTableColumns(providerTransfers), creditAccountId: creditAccountOf })
        .from(providerTransfers)
        .where(eq(providerTransfers.id, transferId))
        .for('update');
      if (!row || row.status !== 'PENDING') return;
      const { creditAccountId, ...t } = row;
      await this.handlers.get(t.kind)?.(tx, t, outcome);
      const inFlight = await this.reservedOn(tx, t);
      const credit = creditAccountId ?? (await this.playerCreditAccount(tx, t.agencyId, t.playerId, t.providerId));
      // POSTED: in flight → where it was going. VOIDED: in flight → back where it came from.
      const destination = t.direction === 'IN' ? credit : t.counterAccountId;
      const origin = t.direction === 'IN' ? t.counterAccountId : credit;
      await post(tx, {
        agencyId: t.agencyId,
        reference: `transfer:${t.reference}:${outcome === 'POSTED' ? 'posted' : 'voided'}`,
        kind: `${t.kind}:${outcome.toLowerCase()}`,
        entries: [{ from: inFlight, to: outcome === 'POSTED' ? destination : origin, currency: 'THB', amount: t.amount }],
        metadata: { transferId: t.id, ...(reason ? { reason } : {}) },
      });
      await tx
        .update(providerTransfers)
        .set({
          status: outcome,
          settledAt: sql`now()`,
          updatedAt: sql`now()`,
          providerTransferId,
          lastError: reason ?? null,
          needsAttention: false,
        })
        .where(eq(providerTransfers.id, t.id));
    });
  }

  /**
   * Books wins and losses made at the provider since the last sync, so that the ledger's credit
   * equals the provider's balance before credit is taken out. Skipped (returns false) when a
   * transfer of this player and provider is pending or the account moved since `versionSeen`
   * was read: the provider's figure may then not match the ledger's moment.
   */
  async syncCredit(
    tx: Tx,
    p: { agencyId: string; playerId: string; providerId: string; providerBalance: bigint; versionSeen: bigint; reference: string },
  ): Promise<boolean> {
    const credit = await this.playerCreditAccount(tx, p.agencyId, p.playerId, p.providerId);
    const [acc] = await tx
      .select({ balance: ledgerAccounts.balance, version: ledgerAccounts.version })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, credit))
      .for('no key update');
    const pending = await tx
      .select({ id: providerTransfers.id })
      .from(providerTransfers)
      .where(
        and(
          eq(providerTransfers.playerId, p.playerId),
          eq(providerTransfers.providerId, p.providerId),
          eq(providerTransfers.status, 'PENDING'),
        ),
      )
      .limit(1);
    if (!acc || pending.length > 0 || acc.version !== p.versionSeen) return false;
    const diff = p.providerBalance - acc.balance;
    if (diff === 0n) return true;
    const gaming = await houseAccount(tx, { agencyId: p.agencyId, playerId: p.playerId, type: 'GAMING_RESULT', currency: 'THB', providerId: p.providerId });
    await post(tx, {
      agencyId: p.agencyId,
      reference: p.reference,
      kind: 'gaming_result',
      entries: [diff > 0n ? { from: gaming, to: credit, currency: 'THB', amount: diff } : { from: credit, to: gaming, currency: 'THB', amount: -diff }],
    });
    return true;
  }

  /** The version of a player's credit account now (0 when it does not exist yet), for syncCredit. */
  async creditVersion(db: Db | Tx, agencyId: string, playerId: string, providerId: string): Promise<bigint> {
    return (await playerCreditState(db, agencyId, playerId, providerId)).version;
  }
}
