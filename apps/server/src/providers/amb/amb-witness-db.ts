import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { providerTransfers } from '../../db/schema/index.js';
import type { ProviderPlayer } from '../types.js';
import type { AmbWitnessStore, Witness } from './amb-witness.js';

/**
 * AMB's balance witnesses on the transfer rows (migration 0110): every instance sees them and they
 * outlive a restart. Taking the member is serialised by an advisory lock on (provider, player) for
 * the claim's transaction, so that two attempts (two instances, or the in-process dispatch and the
 * worker) never both send: one transfer per member, one sender per transfer.
 */
export class DbWitnessStore implements AmbWitnessStore {
  constructor(
    private readonly db: Db,
    /** a claim older than this was never sent (amb-witness.ts staleClaimMs) */
    private readonly staleMs: number,
  ) {}

  /** the witness holds: sent, decided, or claimed by an attempt that may still be under way */
  private holding() {
    return or(
      sql`${providerTransfers.witnessState} IN ('sent', 'decided')`,
      and(
        eq(providerTransfers.witnessState, 'claimed'),
        sql`${providerTransfers.witnessSentAt} > now() - make_interval(secs => ${this.staleMs / 1000})`,
      ),
    );
  }

  async claim(reference: string, providerId: string, player: ProviderPlayer): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`amb-witness:${providerId}:${player.playerId}`}))`);
      const [own] = await tx
        .select({ reference: providerTransfers.reference })
        .from(providerTransfers)
        .where(and(eq(providerTransfers.reference, reference), this.holding()));
      if (own) return reference;
      const [other] = await tx
        .select({ reference: providerTransfers.reference })
        .from(providerTransfers)
        .where(
          and(
            eq(providerTransfers.providerId, providerId),
            eq(providerTransfers.playerId, player.playerId),
            eq(providerTransfers.status, 'PENDING'),
            ne(providerTransfers.reference, reference),
            ne(providerTransfers.witnessState, 'decided'),
            this.holding(),
          ),
        )
        .limit(1);
      if (other) return other.reference;
      const taken = await tx
        .update(providerTransfers)
        .set({ witnessState: 'claimed', witnessBefore: null, witnessSentAt: sql`now()` })
        .where(eq(providerTransfers.reference, reference))
        .returning({ id: providerTransfers.id });
      // a reference that is no transfer of ours is never sent
      return taken.length === 1 ? null : reference;
    });
  }

  async sent(reference: string, before: bigint, now = Date.now()) {
    await this.db
      .update(providerTransfers)
      .set({ witnessState: 'sent', witnessBefore: before, witnessSentAt: new Date(now) })
      .where(eq(providerTransfers.reference, reference));
  }

  async get(reference: string): Promise<Witness | undefined> {
    const [row] = await this.db
      .select({
        state: providerTransfers.witnessState,
        before: providerTransfers.witnessBefore,
        sentAt: providerTransfers.witnessSentAt,
        stale: sql<boolean>`${providerTransfers.witnessSentAt} <= now() - make_interval(secs => ${this.staleMs / 1000})`,
      })
      .from(providerTransfers)
      .where(eq(providerTransfers.reference, reference));
    if (!row?.state) return undefined;
    if (row.state === 'released') return { sent: false };
    // claimed: an attempt under way (cannot be told yet), or one that stopped before it sent
    if (row.state === 'claimed') return row.stale ? { sent: false } : undefined;
    // 'sent', or 'decided' and asked again (the outcome was not recorded): decided from the balance again
    if (row.before === null || row.sentAt === null) return undefined;
    return { sent: true, before: row.before, sentAt: row.sentAt.getTime() };
  }

  async release(reference: string) {
    await this.db.update(providerTransfers).set({ witnessState: 'released' }).where(eq(providerTransfers.reference, reference));
  }

  async decided(reference: string) {
    await this.db.update(providerTransfers).set({ witnessState: 'decided' }).where(eq(providerTransfers.reference, reference));
  }
}
