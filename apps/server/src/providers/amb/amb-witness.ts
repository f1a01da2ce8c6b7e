import type { ProviderPlayer } from '../types.js';

/**
 * What is known of an AMB transfer whose answer may not have come (AMB takes no reference of ours,
 * so it cannot be asked about one): the member's balance before the call, and when it was sent.
 * At most one undecided transfer per member: another one is not sent until the first is decided,
 * so that a balance change can only be that transfer's (docs/decisions/141).
 */
export type Witness = { sent: false } | { sent: true; before: bigint; sentAt: number };

/** Where witnesses are kept: the database in the server (every instance sees them), memory in adapter tests. */
export interface AmbWitnessStore {
  /** takes the member for this transfer: null when taken, else the reference of its transfer not decided yet */
  claim(reference: string, providerId: string, player: ProviderPlayer): Promise<string | null>;
  /** about to be sent, with the balance read just before */
  sent(reference: string, before: bigint, now?: number): Promise<void>;
  /** undefined when nothing is known of it (taken before witnesses were kept: held for staff) */
  get(reference: string): Promise<Witness | undefined>;
  /** not sent, or decided as never applied: may be sent again; the member is free */
  release(reference: string): Promise<void>;
  /** decided (applied or refused): the member is free */
  decided(reference: string): Promise<void>;
}

/** The store of one process, for the adapter's own tests (the server keeps them in its database). */
export class MemoryWitnessStore implements AmbWitnessStore {
  private readonly byReference = new Map<string, Witness & { member: string }>();
  /** member → the reference of its transfer not decided yet */
  private readonly openByMember = new Map<string, string>();

  async claim(reference: string, providerId: string, player: ProviderPlayer) {
    const member = `${providerId}:${player.playerId}`;
    const open = this.openByMember.get(member);
    if (open !== undefined && open !== reference) return open;
    this.openByMember.set(member, reference);
    this.byReference.set(reference, { sent: false, member });
    return null;
  }

  async sent(reference: string, before: bigint, now = Date.now()) {
    const w = this.byReference.get(reference);
    if (w) this.byReference.set(reference, { sent: true, member: w.member, before, sentAt: now });
  }

  async get(reference: string): Promise<Witness | undefined> {
    const w = this.byReference.get(reference);
    if (!w) return undefined;
    return w.sent ? { sent: true, before: w.before, sentAt: w.sentAt } : { sent: false };
  }

  async release(reference: string) {
    const w = this.byReference.get(reference);
    if (w && this.openByMember.get(w.member) === reference) this.openByMember.delete(w.member);
    this.byReference.set(reference, { sent: false, member: w?.member ?? '' });
  }

  async decided(reference: string) {
    await this.release(reference);
    this.byReference.delete(reference);
  }
}
