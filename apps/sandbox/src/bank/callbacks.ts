import type { FastifyBaseLogger } from 'fastify';
import type { BankFaults } from './faults.js';
import { NoticeSchedule } from './notices.js';
import { callbackSignature } from './signature.js';
import type { BankOrder } from './store.js';

/** One payment notice to deliver, in the protocol of the bank that books it: where, what, and its signature per attempt. */
export interface OutgoingNotice {
  reference: string;
  bankReference: string;
  url: string;
  body: string;
  /** the headers of one attempt (a signature may cover the moment it is sent) */
  headers(): Record<string, string>;
}

/** The sandbox protocol's notice (DESIGN.md §5): signed over timestamp and body with BANK_CALLBACK_SECRET. */
export function sandboxNotice(order: BankOrder, secret: string): OutgoingNotice {
  const body = JSON.stringify({
    reference: order.reference,
    bankReference: order.bankReference,
    amount: order.amountLak.toString(),
    currency: 'LAK',
    paidAt: order.paidAt?.toISOString(),
  });
  return {
    reference: order.reference,
    bankReference: order.bankReference ?? '',
    url: order.callbackUrl,
    body,
    headers() {
      const timestamp = String(Date.now());
      return { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': callbackSignature(secret, timestamp, body) };
    },
  };
}

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
 * Sends each payment's notice (the sandbox protocol's callback, JDB's webhook…) to its URL, retrying
 * with exponential backoff until a 2xx or the attempt limit, and applies the delivery fault knobs
 * (notices.ts). Timers and requests in flight end with `close()`.
 */
export class CallbackSender {
  readonly deliveries: Delivery[] = [];
  private readonly stop = new AbortController();
  private readonly schedule: NoticeSchedule<OutgoingNotice>;

  constructor(
    private readonly faults: () => BankFaults,
    private readonly log: FastifyBaseLogger,
  ) {
    this.schedule = new NoticeSchedule(
      faults,
      (notice, copy) => this.deliver(notice, copy, this.faults()),
      (notice) => this.record(notice, 0, 0, null, 'not sent: noCallback'),
    );
  }

  /** Called once per payment; returns at once, delivery goes on in the background. */
  dispatch(notice: OutgoingNotice): void {
    this.schedule.dispatch(notice);
  }

  close(): void {
    this.stop.abort();
    this.schedule.close();
  }

  private async deliver(notice: OutgoingNotice, copy: number, faults: BankFaults): Promise<void> {
    for (let attempt = 1; attempt <= faults.callbackMaxAttempts && !this.stop.signal.aborted; attempt++) {
      try {
        // each attempt is signed when it is sent, as a real gateway does
        const res = await fetch(notice.url, {
          method: 'POST',
          headers: notice.headers(),
          body: notice.body,
          signal: AbortSignal.any([this.stop.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await res.arrayBuffer().catch(() => undefined);
        this.record(notice, copy, attempt, res.status);
        if (res.ok) return;
      } catch (err) {
        if (this.stop.signal.aborted) return;
        this.record(notice, copy, attempt, null, err instanceof Error ? err.message : String(err));
      }
      if (attempt < faults.callbackMaxAttempts) {
        await this.schedule.wait(Math.min(faults.callbackRetryBaseMs * 2 ** (attempt - 1), MAX_BACKOFF_MS));
      }
    }
    if (!this.stop.signal.aborted) this.log.warn({ reference: notice.reference, copy }, 'bank callback gave up');
  }

  private record(notice: OutgoingNotice, copy: number, attempt: number, status: number | null, error?: string): void {
    this.deliveries.push({
      reference: notice.reference,
      bankReference: notice.bankReference,
      copy,
      attempt,
      status,
      ...(error === undefined ? {} : { error }),
      at: new Date().toISOString(),
    });
    if (this.deliveries.length > LOG_SIZE) this.deliveries.splice(0, this.deliveries.length - LOG_SIZE);
  }
}
