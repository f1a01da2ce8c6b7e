import type { FastifyBaseLogger } from 'fastify';
import type { BankFaults } from './faults.js';
import { NoticeSchedule } from './notices.js';
import { callbackSignature } from './signature.js';
import type { BankOrder } from './store.js';

export interface Delivery {
  reference: string;
  bankReference: string;
  /** 0 for the callback itself, 1… for duplicates */
  copy: number;
  attempt: number;
  /** the merchant's HTTP status, null when nothing was sent or nothing came back */
  status: number | null;
  error?: string;
  at: string;
}

const ATTEMPT_TIMEOUT_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;
const LOG_SIZE = 1_000;

/**
 * Sends the signed payment callback of DESIGN.md §5 to each paid order's callbackUrl, retrying with
 * exponential backoff until a 2xx or the attempt limit, and applies the delivery fault knobs.
 * Timers and requests in flight end with `close()`.
 */
export class CallbackSender {
  readonly deliveries: Delivery[] = [];
  private readonly stop = new AbortController();
  private readonly schedule: NoticeSchedule<BankOrder>;

  constructor(
    private readonly secret: string,
    private readonly faults: () => BankFaults,
    private readonly log: FastifyBaseLogger,
  ) {
    this.schedule = new NoticeSchedule(
      faults,
      (order, copy) => this.deliver(order, copy, this.faults()),
      (order) => this.record(order, 0, 0, null, 'not sent: noCallback'),
    );
  }

  /** Called once per payment; returns at once, delivery goes on in the background. */
  dispatch(order: BankOrder): void {
    this.schedule.dispatch(order);
  }

  close(): void {
    this.stop.abort();
    this.schedule.close();
  }

  private async deliver(order: BankOrder, copy: number, faults: BankFaults): Promise<void> {
    const body = JSON.stringify({
      reference: order.reference,
      bankReference: order.bankReference,
      amount: order.amountLak.toString(),
      currency: 'LAK',
      paidAt: order.paidAt?.toISOString(),
    });
    for (let attempt = 1; attempt <= faults.callbackMaxAttempts && !this.stop.signal.aborted; attempt++) {
      // each attempt is signed when it is sent, as a real gateway does
      const timestamp = String(Date.now());
      try {
        const res = await fetch(order.callbackUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-timestamp': timestamp,
            'x-signature': callbackSignature(this.secret, timestamp, body),
          },
          body,
          signal: AbortSignal.any([this.stop.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await res.arrayBuffer().catch(() => undefined);
        this.record(order, copy, attempt, res.status);
        if (res.ok) return;
      } catch (err) {
        if (this.stop.signal.aborted) return;
        this.record(order, copy, attempt, null, err instanceof Error ? err.message : String(err));
      }
      if (attempt < faults.callbackMaxAttempts) {
        await this.wait(Math.min(faults.callbackRetryBaseMs * 2 ** (attempt - 1), MAX_BACKOFF_MS));
      }
    }
    if (!this.stop.signal.aborted) this.log.warn({ reference: order.reference, copy }, 'bank callback gave up');
  }

  private record(order: BankOrder, copy: number, attempt: number, status: number | null, error?: string): void {
    this.deliveries.push({
      reference: order.reference,
      bankReference: order.bankReference ?? '',
      copy,
      attempt,
      status,
      ...(error === undefined ? {} : { error }),
      at: new Date().toISOString(),
    });
    if (this.deliveries.length > LOG_SIZE) this.deliveries.splice(0, this.deliveries.length - LOG_SIZE);
  }

  private wait(ms: number): Promise<void> {
    return this.schedule.wait(ms);
  }
}
