import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import { queryRowsPrepared, tableRows, uuidArray, type Db, type Tx } from '../db/client.js';
import { transactionWithRetry } from '../db/errors.js';
import { ledgerAccounts, providerTransfers } from '../db/schema/index.js';
import { GroupCommit } from '../db/group-commit.js';
import type { Job } from '../jobs/queue.js';
import { completeByKeys, enqueueSql, retryLater } from '../jobs/queue.js';
import type { JobResult, Worker } from '../jobs/worker.js';
import type { Leases } from '../jobs/leases.js';
import type { ProviderAdapter, TransferOutcome } from '../providers/types.js';
import {
  ensureAccount,
  ensureAccounts,
  houseAccount,
  houseKey,
  playerCreditState,
  post,
  postMany,
  type AccountKey,
  type PostRequest,
} from './ledger.js';

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
  /** which module settles it (deposit, withdraw, withdraw_return, promotion_bonus, …) */
  kind: string;
  orderId?: string;
  /** IN: where the credit comes from; OUT: where it goes once taken from the provider */
  counterAccountId: string;
}

export const TRANSFER_JOB = 'provider_transfer';

/**
 * In a query on provider_transfers: the id of the transfer's player's credit account at its
 * provider, found through every column of the identity index (ledger_accounts_identity indexes
 * coalesce(player_id, …) and coalesce(provider_id, …): on the bare columns only its first three
 * applied, and a generic plan read every credit account of the agency for each transfer).
 */
const creditAccountOf = sql<string | null>`(SELECT a.id FROM ledger_accounts a
   WHERE a.agency_id = provider_transfers.agency_id AND a.type = 'PLAYER_CREDIT' AND a.currency = 'THB'
     AND coalesce(a.player_id, '00000000-0000-0000-0000-000000000000'::uuid) = provider_transfers.player_id
     AND coalesce(a.provider_id, '') = provider_transfers.provider_id AND a.shard = 0)`;

type DefiniteOutcome = Exclude<TransferOutcome, { status: 'UNKNOWN' }>;
/** A provider's definite answer as the settlement it calls for: applied → POSTED, refused → VOIDED. */
function settleRequestOf(transferId: string, outcome: DefiniteOutcome): SettleRequest {
  return outcome.status === 'POSTED'
    ? { transferId, outcome: 'POSTED', providerTransferId: outcome.providerTransferId }
    : { transferId, outcome: 'VOIDED', providerTransferId: null, reason: outcome.reason };
}

/** The job of a transfer: its unique key. */
const jobKey = (transferId: string) => `transfer:${transferId}`;

export class TransferService {
  private readonly handlers = new Map<string, SettledManyHandler>();
  /** the provider calls of dispatched transfers, at most this many at once */
  private readonly calls: ReturnType<typeof pLimit>;
  /** dispatched transfers whose provider call or settlement is under way */
  private readonly dispatching = new Set<Promise<void>>();
  /** the definite answers of dispatched transfers, settled together (and their jobs done) */
  private readonly settling = new GroupCommit<SettleRequest, void>(
    async (requests) => {
      await this.settleMany(requests, { completeJobs: true });
      return requests.map(() => ({ ok: true, value: undefined }));
    },
    { maxItems: 256 },
  );

  constructor(
    private readonly db: Db,
    private readonly providers: ProviderLookup,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { retryBaseMs: number; attentionMinutes: number; leaseMs?: number; dispatchConcurrency: number },
  ) {
    this.calls = pLimit(opts.dispatchConcurrency);
  }

  /** the worker's heartbeat: a dispatched transfer's job is held while this process works on it */
  private leases: Leases | null = null;

  /** How long a dispatched transfer's job waits before the worker takes it over (the worker's lease, renewed while dispatching). */
  private get leaseMs() {
    return this.opts.leaseMs ?? this.leases?.leaseMs ?? 60_000;
  }

  /** Wires the worker: one job type, the claimed jobs handled together by `processMany`. */
  attach(worker: Worker) {
    this.leases = worker.leases;
    worker.registerBatch(TRANSFER_JOB, (jobs: Job[]) => this.processMany(jobs.map((job) => String(job.payload.transferId))));
  }

  /** A handler of one settled transfer at a time (the rare kinds: withdrawals and their returns). */
  onSettled(kind: string, handler: SettledHandler) {
    this.handlers.set(kind, async (tx, settled) => {
      for (const { transfer, outcome } of settled) await handler(tx, transfer, outcome);
    });
  }

  /** A handler of every transfer of its kind settled together (the deposits: docs/decisions/021). */
  onSettledMany(kind: string, handler: SettledManyHandler) {
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
    return (
      t.inFlightAccountId ??
      ensureAccount(tx, { agencyId: t.agencyId, type: 'TRANSFER_IN_FLIGHT', currency: 'THB', providerId: t.providerId })
    );
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
    const [requested] = await this.requestMany(tx, [{ params: p, ...(accounts ? { accounts } : {}) }]);
    return requested!;
  }

  /**
   * `request` for several transfers in three statements whatever their number: the reservations
   * in one ledger posting call, then the transfers with their jobs in one INSERT. Answers in order.
   * A refusal of one (InsufficientFundsError) refuses them all: nothing is written.
   */
  async requestMany(
    tx: Tx,
    items: readonly { params: TransferParams; accounts?: readonly [inFlight: string, credit: string] }[],
    /** the caller's own postings, made in the same ledger call before the reservations (one lock pass) */
    postFirst: readonly PostRequest[] = [],
    /**
     * `dispatch`: the caller hands the new transfers to `dispatch()` once its transaction commits.
     * Their first attempt is counted now and their jobs are due only after the worker's lease: the
     * worker takes over what the dispatch could not finish (docs/decisions/024-callbacks-acknowledged-first.md).
     */
    opts: { dispatch?: boolean } = {},
  ): Promise<{ transfer: Transfer; duplicate: boolean }[]> {
    if (items.length === 0) {
      await postMany(tx, postFirst);
      return [];
    }
    // The ledger posting comes first: it takes the accounts' row locks in id order before the
    // transfer row's foreign key takes a share lock on the counter account. The other way round,
    // two requests on one counter account could each hold the share lock and wait for the other.
    const missing = items
      .filter((i) => !i.accounts)
      .map((i) => this.playerAccountKeys(i.params.agencyId, i.params.playerId, i.params.providerId));
    const looked = missing.length > 0 ? await ensureAccounts(tx, missing.flat()) : [];
    let next = 0;
    const withAccounts = items.map((i) => {
      if (i.accounts) return { p: i.params, inFlight: i.accounts[0], credit: i.accounts[1], id: randomUUID() };
      const [inFlight, credit] = [looked[next]!, looked[next + 1]!];
      next += 2;
      return { p: i.params, inFlight, credit, id: randomUUID() };
    });
    const posted = await postMany(tx, [
      ...postFirst,
      ...withAccounts.map(({ p, inFlight, credit, id }) => ({
        agencyId: p.agencyId,
        reference: `transfer:${p.reference}:pending`,
        kind: `${p.kind}:pending`,
        entries: [{ from: p.direction === 'IN' ? p.counterAccountId : credit, to: inFlight, currency: 'THB' as const, amount: p.amount }],
        metadata: { transferId: id },
      })),
    ]);
    const reserved = posted.slice(postFirst.length);
    const fresh = withAccounts.filter((_, i) => !reserved[i]!.duplicate);
    const created = new Map<string, Transfer>();
    if (fresh.length > 0) {
      // the transfers and their jobs in one statement, the jobs written by a CTE (the transactional
      // outbox); the rows as one JSON parameter, so that its text does not depend on their number
      // (a named prepared statement, parsed and planned once per connection)
      const transfers = JSON.stringify(
        fresh.map(({ p, inFlight, id }) => ({
          id,
          agency_id: p.agencyId,
          player_id: p.playerId,
          player_username: p.username,
          provider_id: p.providerId,
          direction: p.direction,
          amount: p.amount.toString(),
          reference: p.reference,
          kind: p.kind,
          order_id: p.orderId ?? null,
          counter_account_id: p.counterAccountId,
          in_flight_account_id: inFlight,
        })),
      );
      const jobs = enqueueSql(
        fresh.map(({ id }) => ({ type: TRANSFER_JOB, payload: { transferId: id }, uniqueKey: jobKey(id) })),
        opts.dispatch ? this.leaseMs : 0,
      );
      const rows = await queryRowsPrepared<Record<string, unknown>>(
        tx,
        'transfers_request',
        sql`WITH job AS (${jobs})
            INSERT INTO provider_transfers (id, agency_id, player_id, player_username, provider_id, direction, amount, reference,
                                            kind, order_id, counter_account_id, in_flight_account_id, attempts)
            SELECT t.id, t.agency_id, t.player_id, t.player_username, t.provider_id, t.direction, t.amount, t.reference,
                   t.kind, t.order_id, t.counter_account_id, t.in_flight_account_id, ${opts.dispatch ? 1 : 0}::int
              FROM jsonb_to_recordset(${transfers}::jsonb) AS t (id uuid, agency_id uuid, player_id uuid, player_username text,
                   provider_id text, direction text, amount bigint, reference text, kind text, order_id uuid, counter_account_id uuid,
                   in_flight_account_id uuid)
            RETURNING *`,
      );
      for (const row of tableRows(providerTransfers, rows)) created.set(row.reference, row);
    }
    const repeated = withAccounts.filter((_, i) => reserved[i]!.duplicate).map(({ p }) => p.reference);
    if (repeated.length > 0) {
      for (const row of await tx.select().from(providerTransfers).where(inArray(providerTransfers.reference, repeated)))
        created.set(row.reference, row);
    }
    return withAccounts.map(({ p }, i) => ({ transfer: created.get(p.reference)!, duplicate: reserved[i]!.duplicate }));
  }

  /**
   * The first attempt of transfers just committed by `requestMany(…, { dispatch: true })`, made by
   * this process at once rather than by the worker's next claim: the provider told about each (at
   * most `dispatchConcurrency` calls at a time), the definite answers settled together with their
   * jobs marked done, an unknown answer left to the worker with the usual backoff. Not awaited by
   * the caller; a crash on the way leaves the jobs to the worker once their lease runs out.
   */
  dispatch(transfers: readonly Transfer[]) {
    for (const t of transfers) {
      // held until settled or rescheduled: a process that dies leaves it to another within a lease (decision 060)
      const held = { keys: [jobKey(t.id)] };
      this.leases?.hold(held);
      const run = this.calls(() => this.ask({ ...t, attempts: 0 }))
        .then(async (outcome) => {
          if (outcome.status !== 'UNKNOWN') return this.settling.run(settleRequestOf(t.id, outcome));
          const delay = await this.unknownOutcome(t, outcome.reason, 1);
          return retryLater(this.db, { uniqueKey: jobKey(t.id) }, delay, outcome.reason);
        })
        .catch((err: unknown) => this.log.error({ err, transferId: t.id }, 'dispatched transfer failed; the worker takes it over'))
        .finally(() => {
          this.leases?.release(held);
          this.dispatching.delete(run);
        });
      this.dispatching.add(run);
    }
  }

  /** Resolves once no dispatched transfer is under way (tests, shutdown). */
  async idle() {
    while (this.dispatching.size > 0) await Promise.all([...this.dispatching]);
  }

  /** An unknown answer: noted on the transfer, flagged for staff once it is old; answers the backoff before its job runs again. */
  private async unknownOutcome(t: Transfer, reason: string, attemptsMade: number): Promise<number> {
    const ageMinutes = (Date.now() - t.createdAt.getTime()) / 60_000;
    await this.db
      .update(providerTransfers)
      .set({ lastError: reason.slice(0, 500), needsAttention: ageMinutes >= this.opts.attentionMinutes })
      .where(eq(providerTransfers.id, t.id));
    this.log.warn({ transferId: t.id, reference: t.reference, reason }, 'transfer outcome unknown; will ask again');
    return Math.min(this.opts.retryBaseMs * 2 ** (attemptsMade - 1), 60_000);
  }

  /** One step of a transfer's life: ask or tell the provider, then settle or schedule a retry. */
  async process(transferId: string): Promise<JobResult> {
    const [result] = await this.processMany([transferId]);
    return result!;
  }

  /**
   * One step of several transfers' lives: their attempts counted in one statement, the provider
   * asked or told about each at once, and every definite answer settled in one transaction.
   * Answers one result per id, in order.
   */
  async processMany(transferIds: readonly string[]): Promise<JobResult[]> {
    if (transferIds.length === 0) return [];
    // count the attempt before calling: after a crash mid-call the next run asks for the status
    const counted = await this.db
      .update(providerTransfers)
      .set({ attempts: sql`${providerTransfers.attempts} + 1`, updatedAt: sql`now()` })
      .where(and(sql`${providerTransfers.id} = ANY (${uuidArray(transferIds)}::uuid[])`, eq(providerTransfers.status, 'PENDING')))
      .returning()
      .prepare('transfers_count_attempt')
      .execute();
    // as they were before this attempt
    const pending = new Map(counted.map((t) => [t.id, { ...t, attempts: t.attempts - 1 }]));
    const outcomes = new Map<string, TransferOutcome>(
      await Promise.all([...pending.values()].map(async (t) => [t.id, await this.ask(t)] as const)),
    );
    const definite: SettleRequest[] = [];
    for (const [transferId, outcome] of outcomes) if (outcome.status !== 'UNKNOWN') definite.push(settleRequestOf(transferId, outcome));
    await this.settleMany(definite);
    return Promise.all(
      transferIds.map(async (id): Promise<JobResult> => {
        const t = pending.get(id);
        const outcome = outcomes.get(id);
        if (!t || !outcome || outcome.status !== 'UNKNOWN') return { done: true };
        const delay = await this.unknownOutcome(t, outcome.reason, t.attempts + 1);
        return { done: false, retryInMs: delay, error: outcome.reason };
      }),
    );
  }

  /** Tells the provider about a transfer on its first attempt; asks what became of it on the later ones. */
  private async ask(t: Transfer): Promise<TransferOutcome> {
    const request = {
      reference: t.reference,
      direction: t.direction,
      player: { playerId: t.playerId, agencyId: t.agencyId, username: t.playerUsername },
      amountMinor: t.amount,
    };
    try {
      // inside: a provider missing from the configuration is an unknown outcome of this transfer only
      const adapter = this.providers.get(t.providerId);
      if (t.attempts === 0) return await adapter.transfer(request);
      const status = await adapter.transferStatus(t.reference);
      // never applied there: sending it again with the same reference is safe
      return status.status === 'NOT_FOUND' ? await adapter.transfer(request) : status;
    } catch (err) {
      return { status: 'UNKNOWN', reason: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Settles once: the transfer row lock makes a second settlement a no-op. */
  async settle(transferId: string, outcome: Settlement, providerTransferId: string | null, reason?: string) {
    await this.settleMany([{ transferId, outcome, providerTransferId, ...(reason ? { reason } : {}) }]);
  }

  /**
   * Settles several transfers in one transaction: locked in id order (a second settlement of one
   * finds it settled and does nothing), their orders moved by their kinds' handlers, the ledger
   * postings in one call, the transfer rows in one UPDATE. Run again whole when PostgreSQL picks
   * it as a deadlock victim.
   */
  async settleMany(
    requests: readonly SettleRequest[],
    /** `completeJobs`: the transfers' jobs are marked done in the same transaction (dispatched transfers) */
    opts: { completeJobs?: boolean } = {},
  ) {
    if (requests.length === 0) return;
    const asked = new Map(requests.map((r) => [r.transferId, r]));
    await transactionWithRetry(this.db, async (tx) => {
      // the transfers locked, with the player's credit account there (it exists: request() made it)
      const rows = await tx
        .select({ ...getTableColumns(providerTransfers), creditAccountId: creditAccountOf })
        .from(providerTransfers)
        .where(sql`${providerTransfers.id} = ANY (${uuidArray(asked.keys())}::uuid[])`)
        .orderBy(providerTransfers.id)
        .for('update')
        .prepare('transfers_lock_settling')
        .execute();
      const settling = rows
        .filter((row) => row.status === 'PENDING')
        .map(({ creditAccountId, ...transfer }) => ({ transfer, creditAccountId, request: asked.get(transfer.id)! }));
      // their jobs done with them (one settled meanwhile by the worker: the worker marks its own)
      if (opts.completeJobs)
        await completeByKeys(
          tx,
          settling.map(({ transfer }) => jobKey(transfer.id)),
        );
      if (settling.length === 0) return;
      const kinds = new Map<string, { transfer: Transfer; outcome: Settlement }[]>();
      for (const { transfer, request } of settling) {
        const settled = kinds.get(transfer.kind);
        if (settled) settled.push({ transfer, outcome: request.outcome });
        else kinds.set(transfer.kind, [{ transfer, outcome: request.outcome }]);
      }
      for (const [kind, settled] of kinds) await this.handlers.get(kind)?.(tx, settled);
      const postings: PostRequest[] = [];
      for (const { transfer: t, creditAccountId, request: r } of settling) {
        const inFlight = await this.reservedOn(tx, t);
        const credit = creditAccountId ?? (await this.playerCreditAccount(tx, t.agencyId, t.playerId, t.providerId));
        // POSTED: in flight → where it was going. VOIDED: in flight → back where it came from.
        const destination = t.direction === 'IN' ? credit : t.counterAccountId;
        const origin = t.direction === 'IN' ? t.counterAccountId : credit;
        postings.push({
          agencyId: t.agencyId,
          reference: `transfer:${t.reference}:${r.outcome === 'POSTED' ? 'posted' : 'voided'}`,
          kind: `${t.kind}:${r.outcome.toLowerCase()}`,
          entries: [{ from: inFlight, to: r.outcome === 'POSTED' ? destination : origin, currency: 'THB', amount: t.amount }],
          metadata: { transferId: t.id, ...(r.reason ? { reason: r.reason } : {}) },
        });
      }
      // the ids also as `= ANY (…)`, so that the plan reaches the rows by primary key, not a scan of the table
      const updates = settling.map(({ request: r }) => ({
        id: r.transferId,
        status: r.outcome,
        ptid: r.providerTransferId,
        reason: r.reason ?? null,
      }));
      await queryRowsPrepared(
        tx,
        'transfers_settled',
        sql`UPDATE provider_transfers p
               SET status = u.status, settled_at = now(), updated_at = now(), provider_transfer_id = u.ptid, last_error = u.reason, needs_attention = false
              FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS u (id uuid, status text, ptid text, reason text)
             WHERE p.id = u.id AND p.id = ANY (${uuidArray(updates.map((u) => u.id))}::uuid[])`,
      );
      // the ledger last: the accounts' row locks it takes are held only until the commit
      await postMany(tx, postings);
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
    const gaming = await houseAccount(tx, {
      agencyId: p.agencyId,
      playerId: p.playerId,
      type: 'GAMING_RESULT',
      currency: 'THB',
      providerId: p.providerId,
    });
    await post(tx, {
      agencyId: p.agencyId,
      reference: p.reference,
      kind: 'gaming_result',
      entries: [
        diff > 0n
          ? { from: gaming, to: credit, currency: 'THB', amount: diff }
          : { from: credit, to: gaming, currency: 'THB', amount: -diff },
      ],
    });
    return true;
  }

  /** The version of a player's credit account now (0 when it does not exist yet), for syncCredit. */
  async creditVersion(db: Db | Tx, agencyId: string, playerId: string, providerId: string): Promise<bigint> {
    return (await playerCreditState(db, agencyId, playerId, providerId)).version;
  }
}
