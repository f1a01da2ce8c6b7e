/**
 * What this process knows of AMB transfers whose answer it did not get (AMB takes no reference of
 * ours, so it cannot be asked about one): the member's balance before the call, and when it was
 * sent. At most one unresolved transfer per member: another one waits (is not sent) until the
 * first is decided, so that a balance change can only be that transfer's.
 */
export type Witness = { sent: false } | { sent: true; member: string; before: bigint; sentAt: number };

export class AmbWitnesses {
  private readonly byReference = new Map<string, Witness>();
  /** member name → the reference of its transfer not decided yet */
  private readonly openByMember = new Map<string, string>();

  get(reference: string): Witness | undefined {
    return this.byReference.get(reference);
  }

  /** the reference of another transfer of this member still undecided, if any */
  blocking(member: string, reference: string): string | null {
    const open = this.openByMember.get(member);
    return open !== undefined && open !== reference ? open : null;
  }

  notSent(reference: string) {
    this.byReference.set(reference, { sent: false });
  }

  sent(reference: string, member: string, before: bigint, now = Date.now()) {
    this.byReference.set(reference, { sent: true, member, before, sentAt: now });
    this.openByMember.set(member, reference);
  }

  /** decided (applied or refused): forgotten */
  decided(reference: string) {
    const w = this.byReference.get(reference);
    if (w?.sent && this.openByMember.get(w.member) === reference) this.openByMember.delete(w.member);
    this.byReference.delete(reference);
  }

  /** decided as never applied: may be sent again, by the next attempt */
  neverApplied(reference: string) {
    this.decided(reference);
    this.notSent(reference);
  }
}
