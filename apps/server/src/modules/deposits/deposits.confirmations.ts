import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { DepositOrderRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { backoff } from '../../jobs/backoff.js';

export interface ConfirmationOptions {
  /** the first retry of an unconfirmed payment waits this long, doubling each time (capped at 30 s) */
  retryBaseMs: number;
  /** how long after its expiry an order is still asked about (then the expiry job's last check stands) */
  graceMs: number;
  /** status calls to the gateway at once (the orders they confirm are then marked PAID outside this bound, in groups) */
  concurrency: number;
  /** orders waiting for a confirmation at once; a callback beyond this is refused, and the gateway sends it again */
  maxPending: number;
}

/** What asking the gateway about an order found: paid (and settled), or not yet. */
export type Confirmation = { paid: true; order: DepositOrderRow } | { paid: false; order: DepositOrderRow };

/**
 * The durable side of a confirmation (deposits.durable.ts): its job is held while the order waits
 * here and marked done when it is settled without being paid (a paid one is done with its PAID mark).
 */
export interface ConfirmationJobs {
  hold(orderId: string): void;
  release(orderId: string): void;
  complete(orderId: string): Promise<void>;
}

/** Runs a call within the bound on status calls at once. */
export type StatusCalls = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * The confirmations of payments the bank's callbacks told us about (docs/decisions/024): a
 * callback is acknowledged as soon as its signature and its order are known, and the order is
 * confirmed here, in the background, by asking the gateway's status API. The gateway then never
 * waits on our database, and the payments confirmed at one moment are marked PAID in one group.
 *
 * A payment the gateway does not confirm yet (its status lags, or it cannot be asked) is asked
 * again with backoff until a little after the order's expiry; after that, the expiry job's last
 * check and the player's "check" button stand, as they do for a callback that never came. The
 * callback's lookup wrote a job for the order (docs/decisions/060): it is held while the order waits
 * here, so a process that dies leaves it to another instance's worker within a lease.
 */
export class PaymentConfirmations {
  /** by order id: the confirmation under way or waiting for its retry */
  private readonly pending = new Map<
    string,
    { timer: NodeJS.Timeout | null; run: Promise<void> | null; attempt: number; order: DepositOrderRow }
  >();
  private readonly calls: ReturnType<typeof pLimit>;
  private closed = false;
  /**
   * The bound itself, for the gateway questions the players' "check" and "cancel" ask: they share
   * BANK_STATUS_CONCURRENCY with the callbacks' confirmations, so no burst of presses goes past it.
   */
  readonly statusCalls: StatusCalls = (call) => this.calls(call);

  constructor(
    /** asks the gateway about the order, the call itself through `statusCalls`, and settles it when paid */
    private readonly confirm: (order: DepositOrderRow, statusCalls: StatusCalls) => Promise<Confirmation>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: ConfirmationOptions,
    private readonly jobs?: ConfirmationJobs,
  ) {
    this.calls = pLimit(opts.concurrency);
  }

  /**
   * A callback named this order: confirm it now (or now rather than at its next retry). Throws
   * RATE_LIMITED when too many are waiting, so that the gateway sends the callback again later.
   */
  hint(order: DepositOrderRow) {
    if (this.closed) throw new AppError('RATE_LIMITED', 'the server is stopping; send the callback again');
    const known = this.pending.get(order.id);
    if (known) {
      // the row as read now: its expiry bounds the asking
      known.order = order;
      if (known.timer) {
        clearTimeout(known.timer);
        known.timer = null;
        this.start(order.id);
      }
      return;
    }
    if (this.pending.size >= this.opts.maxPending)
      throw new AppError('RATE_LIMITED', 'too many payments waiting for the bank; send the callback again');
    this.pending.set(order.id, { timer: null, run: null, attempt: 0, order });
    this.jobs?.hold(order.id);
    this.start(order.id);
  }

  /** How many orders wait for a confirmation. */
  get size() {
    return this.pending.size;
  }

  /** Resolves once no confirmation is under way or waiting for a retry (tests). */
  async idle() {
    for (;;) {
      const entries = [...this.pending.values()];
      if (entries.length === 0) return;
      const runs = entries.map((e) => e.run).filter((r): r is Promise<void> => r !== null);
      if (runs.length === 0) await new Promise((r) => setTimeout(r, 5));
      else await Promise.all(runs);
    }
  }

  /** Stops retrying (app close): what is waiting is dropped, the calls under way finish. */
  async close() {
    this.closed = true;
    for (const [id, entry] of this.pending) {
      if (entry.timer) {
        clearTimeout(entry.timer);
        // its job lapses after its lease: another instance (or this one, restarted) takes it over
        this.forget(id);
      }
    }
    await Promise.all([...this.pending.values()].map((e) => e.run));
  }

  private start(orderId: string) {
    const entry = this.pending.get(orderId)!;
    entry.attempt += 1;
    entry.run = this.once(entry.order)
      .catch((err: unknown) => {
        this.log.error({ err, orderId }, 'deposit confirmation failed');
        return 'retry' as const;
      })
      .then(async (next) => {
        entry.run = null;
        const retryAt = Date.now() + backoff(this.opts.retryBaseMs, entry.attempt, 30_000);
        if (next === 'paid' || next === 'done' || this.closed || retryAt > entry.order.expiresAt.getTime() + this.opts.graceMs) {
          if (next === 'retry' && !this.closed)
            this.log.warn({ orderId, attempts: entry.attempt }, 'deposit not confirmed by the bank; left to its expiry check');
          // a stop leaves the job to be taken over; an order settled or given up is done with
          if (next !== 'paid' && !this.closed)
            await this.jobs
              ?.complete(orderId)
              .catch((err: unknown) => this.log.warn({ err, orderId }, 'deposit confirmation job not closed'));
          this.forget(orderId);
          return;
        }
        entry.timer = setTimeout(() => {
          entry.timer = null;
          this.start(orderId);
        }, retryAt - Date.now());
      });
  }

  private forget(orderId: string) {
    if (!this.pending.delete(orderId)) return;
    this.jobs?.release(orderId);
  }

  /** One question to the gateway: 'paid' (its job done with the mark), 'done' when it is settled otherwise, 'retry' when the bank does not know yet. */
  private async once(order: DepositOrderRow): Promise<'paid' | 'done' | 'retry'> {
    try {
      // only the status call holds one of the `concurrency` places: while a group of confirmed
      // payments is being marked PAID, the gateway goes on being asked about the next ones
      const result = await this.confirm(order, this.calls);
      return result.paid ? 'paid' : 'retry';
    } catch (err) {
      if (err instanceof AppError && err.code === 'BANK_GATEWAY_UNAVAILABLE') return 'retry';
      // PAYMENT_MISMATCH is logged where it is found and waits for staff; asking again would not change it
      if (err instanceof AppError && err.code === 'PAYMENT_MISMATCH') return 'done';
      throw err;
    }
  }
}
