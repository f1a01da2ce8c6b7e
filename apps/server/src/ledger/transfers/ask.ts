import { eq } from 'drizzle-orm';
import { providerTransfers } from '../../db/schema/index.js';
import { backoff } from '../../jobs/backoff.js';
import type { TransferOutcome } from '../../providers/types.js';
import type { ProviderLookup, SettleRequest, Transfer, TransferContext } from './kinds.js';

/**
 * Tells the provider about a transfer on its first attempt; asks what became of it on the later
 * ones. An unknown answer is never refunded blindly: the transfer is asked about again, with
 * backoff, until the provider knows.
 */
export async function ask(providers: ProviderLookup, t: Transfer): Promise<TransferOutcome> {
  const request = {
    reference: t.reference,
    direction: t.direction,
    player: { playerId: t.playerId, agencyId: t.agencyId, username: t.playerUsername },
    amountMinor: t.amount,
  };
  try {
    // inside: a provider missing from the configuration is an unknown outcome of this transfer only
    const adapter = providers.get(t.providerId);
    if (t.attempts === 0) return await adapter.transfer(request);
    const status = await adapter.transferStatus(t.reference, request);
    // never applied there: sending it again with the same reference is safe
    return status.status === 'NOT_FOUND' ? await adapter.transfer(request) : status;
  } catch (err) {
    return { status: 'UNKNOWN', reason: err instanceof Error ? err.message : String(err) };
  }
}

export type DefiniteOutcome = Exclude<TransferOutcome, { status: 'UNKNOWN' }>;

/** A provider's definite answer as the settlement it calls for: applied → POSTED, refused → VOIDED. */
export function settleRequestOf(transferId: string, outcome: DefiniteOutcome): SettleRequest {
  return outcome.status === 'POSTED'
    ? { transferId, outcome: 'POSTED', providerTransferId: outcome.providerTransferId }
    : { transferId, outcome: 'VOIDED', providerTransferId: null, reason: outcome.reason };
}

/**
 * An unknown answer: noted on the transfer, flagged for staff once it is old; answers the backoff
 * before its job runs again.
 */
export async function unknownOutcome(ctx: TransferContext, t: Transfer, reason: string, attemptsMade: number): Promise<number> {
  const ageMinutes = (Date.now() - t.createdAt.getTime()) / 60_000;
  await ctx.db
    .update(providerTransfers)
    .set({ lastError: reason.slice(0, 500), needsAttention: ageMinutes >= ctx.opts.attentionMinutes })
    .where(eq(providerTransfers.id, t.id));
  ctx.log.warn({ transferId: t.id, reference: t.reference, reason }, 'transfer outcome unknown; will ask again');
  return backoff(ctx.opts.retryBaseMs, attemptsMade);
}
