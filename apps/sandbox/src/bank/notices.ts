import type { BankFaults } from './faults.js';

/**
 * When a bank's payment notices go out, under the fault knobs (faults.ts): late (callbackDelayMs),
 * duplicated (duplicateCallbacks extra copies), out of order (each held until the next payment's
 * notice has gone, or outOfOrderHoldMs), or never (noCallback). The carrier — a webhook, a PubNub
 * publish — is the caller's `deliver`. Timers end with `close()`.
 */
export class NoticeSchedule<T> {
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private held: { item: T; release: () => void } | null = null;
  private closed = false;

  constructor(
    private readonly faults: () => BankFaults,
    /** sends copy `copy` (0 the notice itself, 1… duplicates) */
    private readonly deliver: (item: T, copy: number) => Promise<void>,
    private readonly skipped: (item: T) => void = () => undefined,
  ) {}

  /** Called once per payment; returns at once, the notice goes out in the background. */
  dispatch(item: T): void {
    const faults = this.faults();
    if (faults.noCallback) {
      this.skipped(item);
      return;
    }
    if (!faults.outOfOrder) {
      void this.send(item);
      return;
    }
    const previous = this.held;
    if (previous) {
      // the newer payment's notice goes first, the held older one right after it
      this.held = null;
      void this.send(item).then(previous.release);
      return;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (this.held?.item === item) this.held = null;
      void this.send(item);
    };
    this.held = { item, release };
    void this.wait(faults.outOfOrderHoldMs).then(release);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) {
      clearTimeout(t.timer);
      t.resolve();
    }
    this.timers.clear();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  wait(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  private async send(item: T): Promise<void> {
    const faults = this.faults();
    if (faults.callbackDelayMs > 0) await this.wait(faults.callbackDelayMs);
    if (this.closed) return;
    await Promise.all(Array.from({ length: faults.duplicateCallbacks + 1 }, (_, copy) => this.deliver(item, copy)));
  }
}
