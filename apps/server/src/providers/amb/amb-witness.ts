import type { ProviderPlayer } from '../types.js';

/**
 * What is known of an AMB transfer whose answer may not have come (AMB takes no reference of ours,
 * so it cannot be asked about one): the member's balance before the call, and when it was sent.
 * At most one undecided transfer per member, and one sender per transfer: another is not sent until
 * the first is decided, so that a balance change can only be that transfer's (docs/decisions/141).
 */
export type Witness = { sent: false } | { sent: true; before: bigint; sentAt: number };

/** Where witnesses are kept: the database in the server (every instance sees them), memory in adapter tests. */
export interface AmbWitnessStore {
  /**
   * Takes the member for this transfer: null when taken, else the reference that holds it (another
   * transfer not decided yet, or this one, being sent by another attempt or already sent: then it is
   * decided from the balance, never sent again)
   */
  claim(reference: string, providerId: string, player: ProviderPlayer): Promise<string | null>;
  /** about to be sent, with the balance read just before */
  sent(reference: string, before: bigint, now?: number): Promise<void>;
  /** undefined when it cannot be told (taken by an attempt still under way, or sent before witnesses were kept) */
  get(reference: string): Promise<Witness | undefined>;
  /** not sent, or decided as never applied: may be sent again; the member is free */
  release(reference: string): Promise<void>;
  /** decided (applied or refused): the member is free */
  decided(reference: string): Promise<void>;
}

/**
 * A claim older than this was never sent: the sender reads one balance (bounded by the timeout) and
 * records `sent` before it calls; a claim left behind is a sender that stopped before sending.
 */
export const staleClaimMs = (timeoutMs: number) => timeoutMs * 3;

type Entry = { state: 'claimed' | 'sent' | 'released' | 'decided'; member: string; at: number; before?: bigint };

/** The store of one process, for the adapter's own tests (the server keeps them in its database). */
export class MemoryWitnessStore implements AmbWitnessStore {
  private readonly byReference = new Map<string, Entry>();

  constructor(private readonly staleMs = 30_000) {}

  private holds(e: Entry | undefined, now: number) {
    return !!e && (e.state === 'sent' || e.state === 'decided' || (e.state === 'claimed' && now - e.at < this.staleMs));
  }

  async claim(reference: string, providerId: string, player: ProviderPlayer) {
    const member = `${providerId}:${player.playerId}`;
    const now = Date.now();
    if (this.holds(this.byReference.get(reference), now)) return reference;
    for (const [ref, e] of this.byReference)
      if (ref !== reference && e.member === member && (e.state === 'sent' || (e.state === 'claimed' && now - e.at < this.staleMs)))
        return ref;
    this.byReference.set(reference, { state: 'claimed', member, at: now });
    return null;
  }

  async sent(reference: string, before: bigint, now = Date.now()) {
    const e = this.byReference.get(reference);
    if (e) this.byReference.set(reference, { ...e, state: 'sent', before, at: now });
  }

  async get(reference: string): Promise<Witness | undefined> {
    const e = this.byReference.get(reference);
    if (!e) return undefined;
    if (e.state === 'released' || (e.state === 'claimed' && Date.now() - e.at >= this.staleMs)) return { sent: false };
    if (e.before === undefined || e.state === 'claimed') return undefined;
    return { sent: true, before: e.before, sentAt: e.at };
  }

  async release(reference: string) {
    const e = this.byReference.get(reference);
    this.byReference.set(reference, { member: e?.member ?? '', at: Date.now(), state: 'released' });
  }

  async decided(reference: string) {
    const e = this.byReference.get(reference);
    if (e) this.byReference.set(reference, { ...e, state: 'decided' });
  }
}
