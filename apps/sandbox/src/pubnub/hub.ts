/**
 * The message side of the sandbox's PubNub-compatible service (docs/decisions/132): channels keep
 * what was published on them for `retentionMs` (30 minutes: what BCEL's merchant script asks for
 * again on every reconnect), each message under a 17-digit timetoken (10^-7 s since the epoch, one
 * more than the last at least), and a subscriber's long poll waits here until one of its channels
 * gets a message. In memory: a restarted sandbox has forgotten its messages, as the real cache would.
 */

export interface StoredMessage {
  channel: string;
  /** the publisher's uuid */
  publisher: string;
  timetoken: bigint;
  /** the published JSON value (a string when the publisher sent a JSON string, as BCEL does) */
  data: unknown;
}

interface Waiter {
  channels: ReadonlySet<string>;
  wake: () => void;
}

export class PubNubHub {
  private readonly channels = new Map<string, StoredMessage[]>();
  private readonly waiters = new Set<Waiter>();
  private last = 0n;
  /** when the channels are next swept of what the retention dropped (an order's channel is used once) */
  private sweepAt = 0;
  /**
   * (subscriber, channel, timetoken) delivered, in two generations of at least `retentionMs` each: a
   * message can be delivered again only while it is retained, so a key older than both is of no use
   */
  private delivered = new Set<string>();
  private deliveredBefore = new Set<string>();
  private generationAt = 0;

  constructor(
    private readonly retentionMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The timetoken a subscriber continues from when nothing newer is there for it: nothing published so
   * far is newer, and everything published from now on is (it is taken, so a message of this same
   * millisecond gets the next one: a subscriber answered with it would otherwise skip that message).
   */
  cursor(): bigint {
    const now = BigInt(this.clock()) * 10_000n;
    if (now > this.last) this.last = now;
    return this.last;
  }

  publish(channel: string, publisher: string, data: unknown): StoredMessage {
    const now = BigInt(this.clock()) * 10_000n;
    this.last = now > this.last ? now : this.last + 1n;
    const message: StoredMessage = { channel, publisher, timetoken: this.last, data };
    const list = this.channels.get(channel) ?? [];
    list.push(message);
    this.channels.set(channel, list);
    this.prune(list);
    this.sweep();
    for (const waiter of this.waiters) if (waiter.channels.has(channel)) waiter.wake();
    return message;
  }

  /** How many channels hold messages (or held them since the last sweep). */
  get channelCount(): number {
    return this.channels.size;
  }

  /** Notes these messages as delivered to `subscriber`; answers how many it had been delivered before. */
  deliver(subscriber: string, messages: readonly StoredMessage[]): number {
    const now = this.clock();
    if (now - this.generationAt >= this.retentionMs) {
      this.deliveredBefore = this.delivered;
      this.delivered = new Set();
      this.generationAt = now;
    }
    let again = 0;
    for (const m of messages) {
      const key = `${subscriber}|${m.channel}|${m.timetoken}`;
      if (this.delivered.has(key) || this.deliveredBefore.has(key)) again += 1;
      else this.delivered.add(key);
    }
    return again;
  }

  /** How many deliveries are remembered (both generations). */
  get deliveredCount(): number {
    return this.delivered.size + this.deliveredBefore.size;
  }

  /** The messages of these channels published after `after`, oldest first, at most `limit`. */
  since(channels: Iterable<string>, after: bigint, limit = 100): StoredMessage[] {
    const out: StoredMessage[] = [];
    for (const channel of channels) {
      const list = this.channels.get(channel);
      if (!list) continue;
      this.prune(list);
      // a channel's list is in timetoken order: the first newer message found by halving, not by reading
      // the whole half hour kept (each long poll asks for what came after its last message)
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid]!.timetoken > after) hi = mid;
        else lo = mid + 1;
      }
      for (let i = lo; i < list.length && i - lo < limit; i++) out.push(list[i]!);
    }
    out.sort((a, b) => (a.timetoken < b.timetoken ? -1 : a.timetoken > b.timetoken ? 1 : 0));
    return out.slice(0, limit);
  }

  /** Resolves when one of the channels gets a message, after `ms`, or when `signal` aborts. */
  wait(channels: Iterable<string>, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        channels: new Set(channels),
        wake: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', waiter.wake);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, ms);
      this.waiters.add(waiter);
      if (signal.aborted) waiter.wake();
      else signal.addEventListener('abort', waiter.wake, { once: true });
    });
  }

  /** Ends every long poll (the sandbox is closing). */
  close(): void {
    for (const waiter of [...this.waiters]) waiter.wake();
  }

  /** At most once a retention (capped at a minute), drops the channels whose every message is too old. */
  private sweep(): void {
    const now = this.clock();
    if (now < this.sweepAt) return;
    this.sweepAt = now + Math.min(this.retentionMs, 60_000);
    for (const [channel, list] of this.channels) {
      this.prune(list);
      if (list.length === 0) this.channels.delete(channel);
    }
  }

  private prune(list: StoredMessage[]): void {
    const oldest = BigInt(this.clock() - this.retentionMs) * 10_000n;
    let drop = 0;
    while (drop < list.length && list[drop]!.timetoken <= oldest) drop++;
    if (drop > 0) list.splice(0, drop);
  }
}
