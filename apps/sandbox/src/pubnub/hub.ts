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

  constructor(
    private readonly retentionMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The timetoken a subscriber starts from when it gives none: nothing published so far is newer. */
  cursor(): bigint {
    const now = BigInt(this.clock()) * 10_000n;
    return this.last > now ? this.last : now;
  }

  publish(channel: string, publisher: string, data: unknown): StoredMessage {
    const now = BigInt(this.clock()) * 10_000n;
    this.last = now > this.last ? now : this.last + 1n;
    const message: StoredMessage = { channel, publisher, timetoken: this.last, data };
    const list = this.channels.get(channel) ?? [];
    list.push(message);
    this.channels.set(channel, list);
    this.prune(list);
    for (const waiter of this.waiters) if (waiter.channels.has(channel)) waiter.wake();
    return message;
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

  private prune(list: StoredMessage[]): void {
    const oldest = BigInt(this.clock() - this.retentionMs) * 10_000n;
    let drop = 0;
    while (drop < list.length && list[drop]!.timetoken <= oldest) drop++;
    if (drop > 0) list.splice(0, drop);
  }
}
